import { Outlet } from 'react-router';

export function PortalLayout() {
  return <Outlet />;
}
