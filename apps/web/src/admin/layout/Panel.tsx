import type { ReactNode } from 'react';
import styles from './shell.module.css';

/** A page's white working area: a toolbar of actions (new, expand…) above its table or tree. */
export function Panel({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel}>
      {actions && <div className={styles.panelActions}>{actions}</div>}
      {children}
    </section>
  );
}
