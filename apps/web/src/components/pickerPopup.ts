import styles from './pickers.module.css';

/** A date picker's `classNames` that lay its popup out for a phone (see pickers.module.css). */
export const pickerClassNames = { popup: { root: styles.popup } };
