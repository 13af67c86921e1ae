/**
 * Query keys of the back-office session. Everything under 'admin' belongs to one sign-in and
 * is dropped at logout; the user and menus are keyed by token so a new sign-in loads afresh.
 */
export const adminQueryKeys = {
  all: ['admin'] as const,
  /** The signed-in administrator's info and menus: reloaded when a role or menu changes. */
  session: ['admin', 'session'] as const,
  user: (token: string) => ['admin', 'session', 'user', token] as const,
  menus: (token: string) => ['admin', 'session', 'menus', token] as const,
  /** The whole menu tree (菜单管理, role grants): changes whenever a menu is saved. */
  menuTree: ['admin', 'menuTree'] as const,
};
