import { lazy, Suspense } from 'react';

/**
 * The router's doors into the back office. Only these wrappers are in the public bundle; the
 * login page and the shell (with everything they use) load when one of their addresses opens.
 */
const LoginPage = lazy(() => import('./AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })));
const Shell = lazy(() => import('./AdminShell').then((m) => ({ default: m.AdminShell })));

export const AdminLoginRoute = () => (
  <Suspense fallback={null}>
    <LoginPage />
  </Suspense>
);

export const AdminShellRoute = () => (
  <Suspense fallback={null}>
    <Shell />
  </Suspense>
);
