import { useId, type ReactNode } from 'react';
import styles from './messages.module.css';

/**
 * One labelled row of the 在线留言 forms, its error under the control (as antd's Form.Item):
 * `children` draws the control with the id and description it is handed.
 */
export function FormRow({
  label,
  required = false,
  error,
  hint,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={required ? `${styles.label} ${styles.required}` : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {children({ id, 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined })}
        {hint && (
          <div id={`${id}-hint`} className={styles.hint}>
            {hint}
          </div>
        )}
        {error && (
          <div id={`${id}-error`} className={styles.error}>
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
