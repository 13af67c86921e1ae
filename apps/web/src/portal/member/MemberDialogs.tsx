import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LoginDialog } from './LoginDialog';
import { SuggestionDialog } from './SuggestionDialog';
import { ApplyDialog, type RejectedApplication } from './ApplyDialog';

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
      <LoginDialog open={open === 'login'} onClose={close} onLoggedIn={afterLogin} onRejected={reopenRejected} />
      <SuggestionDialog open={open === 'suggestion'} onClose={close} />
      <ApplyDialog open={open === 'apply'} onClose={close} rejected={rejected} />
    </MemberDialogsContext.Provider>
  );
}
