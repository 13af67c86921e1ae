import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLink } from './PageLink';
import { useMemberSession } from '../member/session';
import { useSiteInfo } from './useSiteInfo';
import { UtilityBar } from './UtilityBar';
import { SearchBox } from './SearchBox';
import styles from './header.module.css';

// A member's notice needs the membership contract (and zod): loaded only once a member's page has hydrated.
const MembershipNotice = lazy(() => import('../membership/MembershipNotice').then((m) => ({ default: m.MembershipNotice })));

/** The masthead: utility bar, a signed-in member's 会籍 notice, then emblem, the association's Chinese and English names, and the search box. */
export function Header() {
  const site = useSiteInfo();
  const { loggedIn } = useMemberSession();
  const onSearchPage = useLocation().pathname.toLowerCase() === '/searchkey';
  return (
    <header className={styles.header}>
      <UtilityBar />
      {loggedIn && (
        <Suspense fallback={null}>
          <MembershipNotice innerClassName={styles.inner} />
        </Suspense>
      )}
      <div className={styles.masthead}>
        <div className={`${styles.inner} ${styles.mastheadInner}`}>
          <PageLink to="/home" className={styles.brand}>
            <img className={styles.emblem} src="/emblem.svg" alt="" width={76} height={76} />
            <span className={styles.names}>
              <span className={`${styles.name} serif-title`}>{site.data?.Name ?? '\u00a0'}</span>
              <span className={styles.english}>{site.data?.EnglishName ?? '\u00a0'}</span>
            </span>
          </PageLink>
          {/* A plain wrapper carries the layout: antd's own styles of the search box outrank a class on it. */}
          <div className={onSearchPage ? `${styles.search} ${styles.searchOnSearchPage}` : styles.search}>
            <SearchBox />
          </div>
        </div>
      </div>
    </header>
  );
}
