import { Outlet, useLocation } from 'react-router';
import { useSessionNotice } from '../components/useSessionNotice';
import { Footer, Header, TopNav, useMobileRedirect } from './layout';
import { MemberDialogsProvider } from './member/MemberDialogs';
import { NotFoundPage } from './pages/NotFoundPage';
import { useServerNotFound } from './serverStatus';
import styles from './layout/portal.module.css';

/** The public shell of spec §2: header, top navigation, the page, footer; member dialogs available to every page. */
export function PortalLayout() {
  useMobileRedirect();
  useSessionNotice('member');
  const { pathname } = useLocation();
  // The server found no such menu or article: the designed 404 page, as for an unknown address,
  // naming the article when it was one.
  if (useServerNotFound()) return <NotFoundPage subject={pathname.toLowerCase() === '/info' ? 'article' : 'page'} />;
  return (
    <MemberDialogsProvider>
      <div className={styles.portal}>
        {/* Keyboard and screen-reader users pass the header and the navigation in one step. */}
        <a className={styles.skipLink} href="#main">
          跳到主要内容
        </a>
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
