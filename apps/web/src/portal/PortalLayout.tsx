import { Outlet } from 'react-router';
import { useSessionNotice } from '../components/useSessionNotice';
import { Footer, Header, TopNav, useMobileRedirect } from './layout';
import { MemberDialogsProvider } from './member/MemberDialogs';
import styles from './layout/portal.module.css';

/** The public shell of spec §2: header, top navigation, the page, footer; member dialogs available to every page. */
export function PortalLayout() {
  useMobileRedirect();
  useSessionNotice('member');
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
