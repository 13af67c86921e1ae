import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { systemApi } from '../api/system';
import { AdminSessionProvider } from './access/AdminSession';
import { PasswordDialog } from './layout/PasswordDialog';
import { EnrolDialog } from './layout/two-factor/EnrolDialog';
import { ShellLayout } from './layout/ShellLayout';
import { adminToken } from './session/token';
import { adminQueryKeys } from './session/queries';

/**
 * The guarded back office at /System (spec §2 "Guards"): without an admin token, to /login.
 * With one, the administrator's info and menu routes are loaded once per session; if either
 * fails the token is cleared and the browser goes to /login.
 */
export function AdminShell() {
  const token = adminToken.get();
  if (!token) return <Navigate to="/login" replace />;
  return <GuardedShell token={token} />;
}

function GuardedShell({ token }: { token: string }) {
  const navigate = useNavigate();
  const user = useQuery({ queryKey: adminQueryKeys.user(token), queryFn: systemApi.loginUser, staleTime: Infinity, retry: false });
  // Until a generated or reset password is replaced, the server answers nothing but the change.
  const mustChangePassword = user.data?.MustChangePwd === true;
  // Then, when the role requires a second factor not yet on, nothing but enrolling it.
  const mustEnrol = !mustChangePassword && user.data?.TotpRequired === true && !user.data.TotpEnabled;
  const menus = useQuery({
    queryKey: adminQueryKeys.menus(token),
    queryFn: () => systemApi.menus(),
    staleTime: Infinity,
    retry: false,
    enabled: user.data !== undefined && !mustChangePassword && !mustEnrol,
  });

  const failure = user.error ?? menus.error;
  useEffect(() => {
    if (!failure) return;
    console.error('后台用户或路由加载失败', failure);
    adminToken.clear();
    navigate('/login', { replace: true });
  }, [failure, navigate]);

  if (mustChangePassword)
    return (
      <PasswordDialog
        open
        required={user.data?.PasswordExpired ? 'expired' : 'initial'}
        account={user.data?.Account ?? ''}
        onClose={() => void user.refetch()}
      />
    );
  if (mustEnrol) return <EnrolDialog open account={user.data?.Account ?? ''} required onCancel={() => undefined} onDone={() => void user.refetch()} />;
  if (!user.data || !menus.data) return <Spin size="large" fullscreen description="正在加载…" />;
  return (
    <AdminSessionProvider value={{ user: user.data, menus: menus.data }}>
      <ShellLayout />
    </AdminSessionProvider>
  );
}
