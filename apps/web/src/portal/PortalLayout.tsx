import { Outlet, useLocation } from 'react-router';
import { useDisplay } from '../AppProviders';
import { useSessionNotice } from '../components/useSessionNotice';
import { CareToolbar } from './care/CareToolbar';
import { useLookClasses } from './care/useLookClasses';
import { Footer, Header, TopNav, useMobileRedirect, usePageViewBeacon } from './layout';
import { MemberDialogsProvider } from './member/MemberDialogs';
import { NotFoundPage } from './pages/NotFoundPage';
import { UnavailablePage } from './pages/UnavailablePage';
import { useServerNotFound, useServerUnavailable } from './serverStatus';
import styles from './layout/portal.module.css';

/** The public shell of spec §2: header, top navigation, the page, footer; member dialogs available to every page; 关怀版's toolbar above all when it is on. */
export function PortalLayout() {
  useMobileRedirect();
  usePageViewBeacon();
  useSessionNotice('member');
  useLookClasses();
  const { care } = useDisplay().prefs;
  const { pathname } = useLocation();
  const unavailable = useServerUnavailable();
  const notFound = useServerNotFound();
  // The database was away and no copy of the page was kept: the maintenance page.
  if (unavailable) return <UnavailablePage />;
  // The server found no such menu or article: the designed 404 page, as for an unknown address,
  // naming the article when it was one.
  if (notFound) return <NotFoundPage subject={pathname.toLowerCase() === '/info' ? 'article' : 'page'} />;
  return (
    <MemberDialogsProvider>
      <div className={styles.portal}>
        {/* Keyboard and screen-reader users pass the header and the navigation in one step. */}
        <a className={styles.skipLink} href="#main">
          跳到主要内容
        </a>
        {care && <CareToolbar />}
        <Header />
        <TopNav />
        {/* tabIndex -1: the skip link moves the focus here, so the next Tab continues in the content. */}
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </MemberDialogsProvider>
  );
}
