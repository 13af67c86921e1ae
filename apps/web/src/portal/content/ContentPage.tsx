import type { ReactNode } from 'react';
import styles from './content.module.css';

/** A content page: 1200 px wide, centred, with padding on narrower screens. */
export function ContentPage({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/** A white panel whose title bar holds the page or menu name and, on the right, the breadcrumb. */
export function Panel({ title, crumbs, children }: { title: ReactNode; crumbs?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel}>
      <div className={styles.titleBar}>
        <h1 className={styles.title}>{title}</h1>
        {crumbs && <div className={styles.crumbs}>{crumbs}</div>}
      </div>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}
