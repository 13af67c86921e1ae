import { createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { OnDemand } from '../../components/OnDemand';
import type { RejectedApplication } from './ApplyDialog';

// Every public page offers these dialogs, few visitors open one: their code loads on first opening.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const SuggestionDialog = lazy(() => import('./SuggestionDialog').then((m) => ({ default: m.SuggestionDialog })));
const ApplyDialog = lazy(() => import('./ApplyDialog').then((m) => ({ default: m.ApplyDialog })));

type Dialog = 'login' | 'suggestion' | 'apply' | null;

interface MemberDialogsApi {
  /** Opens member login; `then` runs after a successful login. */
  openLogin: (then?: () => void) => void;
  openSuggestion: () => void;
  openApply: () => void;
}

const MemberDialogsContext = createContext<MemberDialogsApi | null>(null);

/** The public site's member dialogs, opened from the header, the home tiles or any page inside the portal. */
export function useMemberDialogs(): MemberDialogsApi {
  const api = useContext(MemberDialogsContext);
  if (!api) throw new Error('useMemberDialogs must be used inside <MemberDialogsProvider>');
  return api;
}

export function MemberDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Dialog>(null);
  const [afterLogin, setAfterLogin] = useState<(() => void) | undefined>();
  // Set while the application dialog edits a rejected application (from the login dialog).
  const [rejected, setRejected] = useState<RejectedApplication>();
  const close = useCallback(() => setOpen(null), []);
  const reopenRejected = useCallback((application: RejectedApplication) => {
    setRejected(application);
    setOpen('apply');
  }, []);

  const api = useMemo<MemberDialogsApi>(
    () => ({
      openLogin: (then) => {
        // A function in state must be wrapped, or React would call it as an updater.
        setAfterLogin(() => then);
        setOpen('login');
      },
      openSuggestion: () => setOpen('suggestion'),
      openApply: () => {
        setRejected(undefined);
        setOpen('apply');
      },
    }),
    [],
  );

  return (
    <MemberDialogsContext.Provider value={api}>
      {children}
      <OnDemand open={open === 'login'}>
        <LoginDialog open={open === 'login'} onClose={close} onLoggedIn={afterLogin} onRejected={reopenRejected} />
      </OnDemand>
      <OnDemand open={open === 'suggestion'}>
        <SuggestionDialog open={open === 'suggestion'} onClose={close} />
      </OnDemand>
      <OnDemand open={open === 'apply'}>
        <ApplyDialog open={open === 'apply'} onClose={close} rejected={rejected} />
      </OnDemand>
    </MemberDialogsContext.Provider>
  );
}
