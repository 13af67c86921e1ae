import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useOnePopupAtATime } from './onePopupAtATime';
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
 * A small white card under its control (as antd's Popover). Shown under the pointer, gone when
 * the pointer leaves; opened by the control (click, Enter, Space; a tap on a phone), it stays
 * until the control is used again, Escape, a click elsewhere or the focus leaving. A click on a
 * control whose card the pointer already shows keeps it open (it used to close it). Another
 * popup of the bar opening closes it (onePopupAtATime).
 */
export function Popover({ trigger, title, children, className, cardClassName }: Props) {
  const [open, setOpen] = useState<false | 'hover' | 'held'>(false);
  const anchor = useRef<HTMLSpanElement>(null);
  useOnePopupAtATime(
    open !== false,
    useCallback(() => setOpen(false), []),
  );
  // Escape closes the card wherever the focus is (WCAG 1.4.13: dismissible without moving the
  // pointer); so does a press outside it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointerDown = (e: PointerEvent) => !anchor.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  return (
    <span
      ref={anchor}
      className={className ? `${styles.anchor} ${className}` : styles.anchor}
      onMouseEnter={() => setOpen((o) => o || 'hover')}
      onMouseLeave={() => setOpen((o) => (o === 'hover' ? false : o))}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      {trigger({ open: open !== false, toggle: () => setOpen((o) => (o === 'held' ? false : 'held')) })}
      {open && (
        <div className={cardClassName ? `${styles.card} ${cardClassName}` : styles.card}>
          {title && <div className={styles.title}>{title}</div>}
          {children}
        </div>
      )}
    </span>
  );
}
