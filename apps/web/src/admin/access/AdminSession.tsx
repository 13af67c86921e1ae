import { createContext, useContext, type ReactNode } from 'react';
import type { LoginUserDto, Permission, SystemMenuDto } from '@portal/shared';

/** The signed-in administrator and the menu tree the server gave them, for everything inside the shell. */
export interface AdminSession {
  user: LoginUserDto;
  menus: SystemMenuDto[];
}

const SessionContext = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ value, children }: { value: AdminSession; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession outside the back-office shell');
  return session;
}

/**
 * spec §6: a permission is held when the administrator's ButtonL lists its identifier.
 * Answers a check function, so a page can test several permissions in one render.
 */
export function useAuth(): (perm: Permission) => boolean {
  const { user } = useAdminSession();
  return (perm) => user.ButtonL.includes(perm);
}

/** The button-permission directive of spec §6: renders its children only when `perm` is held. */
export function Auth({ perm, children }: { perm: Permission; children: ReactNode }) {
  return useAuth()(perm) ? children : null;
}
