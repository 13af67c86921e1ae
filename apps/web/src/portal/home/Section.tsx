import type { ReactNode } from 'react';
import { PageLink } from '../layout';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import styles from './home.module.css';
import { Icon } from '../../components/Icon';

interface Props {
  title: ReactNode;
  /** Where 更多 leads; no link when absent. */
  more?: string;
  /** Replaces the title (e.g. tabs that name the section themselves). */
  heading?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A white home card whose header has a title with a coloured bar and a 更多 link. */
export function Section({ title, more, heading, className, children }: Props) {
  return (
    <section className={className ? `${styles.section} ${className}` : styles.section} aria-label={typeof title === 'string' ? title : undefined}>
      <header className={styles.sectionHeader}>
        {heading ?? <h2 className={styles.sectionTitle}>{title}</h2>}
        {more && (
          <PageLink to={more} className={styles.more}>
            更多 <Icon icon={RightOutlined} />
          </PageLink>
        )}
      </header>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}
