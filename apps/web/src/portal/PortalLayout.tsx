import { Outlet } from 'react-router';
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
  // The server found no such menu or article: the designed 404 page, as for an unknown address.
  if (useServerNotFound()) return <NotFoundPage />;
  return (
    <MemberDialogsProvider>
      <div className={styles.portal}>
        <Header />
        <TopNav />
        <main className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </MemberDialogsProvider>
  );
}
