import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { storageKeys } from '@portal/shared';
import { onSessionExpired } from '../../api/client';
import { membersApi } from '../../api/members';

/**
 * The member session (spec §4): the token lives in localStorage under `token`; the user
 * info is loaded after login, and a failure to load it clears the token.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

// The API client removes the token on Code 401; re-render whoever shows the session.
onSessionExpired((side) => {
  if (side === 'member') notify();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes the same storage.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.memberToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const readToken = () => localStorage.getItem(storageKeys.memberToken);
const noToken = () => null;

/** Whether a member session is stored now (read when a call is made, not when a component rendered). */
export const hasMemberSession = () => readToken() !== null;

function writeToken(token: string | null) {
  if (token) localStorage.setItem(storageKeys.memberToken, token);
  else localStorage.removeItem(storageKeys.memberToken);
  notify();
}

export function useMemberSession() {
  const queryClient = useQueryClient();
  // No session on the server: pages are rendered for visitors and hydrate as such, then read the token.
  const token = useSyncExternalStore(subscribe, readToken, noToken);
  const info = useQuery({
    queryKey: ['memberInfo', token],
    queryFn: membersApi.userInfo,
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  const failed = info.isError;
  useEffect(() => {
    if (failed) writeToken(null);
  }, [failed]);

  /** Stores a new session (or ends it); lists are reloaded because member-only articles depend on it. */
  const setToken = useCallback(
    (next: string | null) => {
      writeToken(next);
      queryClient.removeQueries({ queryKey: ['memberInfo'] });
      // A refusal given to the previous session (会员专享) is no answer for this one, even on a page not open now.
      queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' && q.getObserversCount() === 0 });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'memberInfo' });
    },
    [queryClient],
  );

  // An initial password to replace first (MustChangePwd): the server answers every other member
  // call with 403 until then, so what the header asks by itself waits for the user info to say.
  const memberCallsOpen = token !== null && info.data !== undefined && !info.data.MustChangePwd;
  return { loggedIn: token !== null, info: info.data, memberCallsOpen, setToken };
}
