import { useState, type ReactNode } from 'react';
import styles from './popover.module.css';

interface Props {
  /** The control that opens the card; it gets the open state and the toggle. */
  trigger: (control: { open: boolean; toggle: () => void }) => ReactNode;
  /** The card's heading, if any. */
  title?: string;
  /** The card's content: drawn only while open. */
  children: ReactNode;
  className?: string;
  cardClassName?: string;
}

/**
 * A small white card under its control (as antd's Popover): opened under the pointer or by the
 * control (click, Enter, Space), closed when the pointer or the focus leaves, or by Escape.
 */
export function Popover({ trigger, title, children, className, cardClassName }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <span
      className={className ? `${styles.anchor} ${className}` : styles.anchor}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      {trigger({ open, toggle: () => setOpen((o) => !o) })}
      {open && (
        <div className={cardClassName ? `${styles.card} ${cardClassName}` : styles.card}>
          {title && <div className={styles.title}>{title}</div>}
          {children}
        </div>
      )}
    </span>
  );
}
