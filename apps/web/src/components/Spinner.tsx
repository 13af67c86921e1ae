import styles from './Spinner.module.css';

/** A busy ring as large as the text around it (decorative: the busy state is told by aria-busy or a label). */
export function Spinner({ size }: { size?: number }) {
  return <span className={styles.spinner} style={size ? { fontSize: size } : undefined} aria-hidden="true" />;
}
