import type { KeyboardEvent, ReactNode } from 'react';
import { submitsWithoutScript } from './submitsWithoutScript';
import styles from './Tabs.module.css';

interface Props<K extends string | number> {
  items: readonly { key: K; label: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
  className?: string;
  /** The tabs also submit their key as this field of the form around them, for a page that works without JavaScript; with JavaScript onChange runs instead. */
  submitAs?: string;
  /** The id of the caller's TabPanel that shows the active tab's content (each tab's id is made from it). */
  panelId: string;
}

/** The id of the tab of `key` in the tabs of `panelId`. */
const tabId = (panelId: string, key: string | number) => `${panelId}-tab-${key}`;

/**
 * A row of tabs drawn as antd's (the active one underlined in blue), with the keyboard of the
 * WAI-ARIA tabs pattern: one tab stop, the arrow keys move between the tabs and select. The
 * content under them is the caller's, drawn in one TabPanel (id `panelId`) that shows whichever
 * tab is active: the active tab controls it, and it is labelled by the active tab.
 */
export function Tabs<K extends string | number>({ items, active, onChange, className, submitAs, panelId }: Props<K>) {
  const moveWithArrows = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = (items.findIndex((t) => t.key === active) + step + items.length) % items.length;
    onChange(items[index]!.key);
    e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };
  return (
    <div role="tablist" className={className ? `${styles.tabs} ${className}` : styles.tabs} onKeyDown={moveWithArrows}>
      {items.map((t) => (
        <button
          key={t.key}
          {...submitsWithoutScript(submitAs, t.key, () => onChange(t.key))}
          role="tab"
          id={tabId(panelId, t.key)}
          className={styles.tab}
          aria-selected={t.key === active}
          aria-controls={t.key === active ? panelId : undefined}
          tabIndex={t.key === active ? 0 : -1}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The content of the active tab of the Tabs whose `panelId` is `id`. */
export function TabPanel<K extends string | number>({ id, active, className, children }: { id: string; active: K; className?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId(id, active)} className={className}>
      {children}
    </div>
  );
}
