import { useNavigate } from 'react-router';
import { messages } from '@portal/shared';
import { systemApi } from '../../api/system';
import { toast } from '../../components/toast';
import { adminToken } from '../session/token';
import { clearVisitedTags } from './useVisitedTags';

/**
 * Ends the back-office session: the server forgets the token, the browser forgets it and the
 * tabs, then 退出成功 and the login page. A failed call still signs out here. Cached data is
 * dropped at the next sign-in (the shell's queries are still mounted here).
 */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await systemApi.logout().catch(() => undefined);
    adminToken.clear();
    clearVisitedTags();
    // A toast drawn outside the back office's tree: it stays up on the sign-in page.
    toast('success', messages.loggedOut);
    navigate('/login', { replace: true });
  };
}
