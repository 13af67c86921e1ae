import type { FeatureRoutes } from '../../http/app-types.js';
import { adminUserRoutes } from './admin-users/routes.js';
import { loginLogRoutes } from './audit/login-log-routes.js';
import { auditRoutes } from './audit/routes.js';
import { onlineSessionRoutes } from './auth/online-routes.js';
import { authRoutes } from './auth/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { menuRoutes } from './menus/routes.js';
import { roleRoutes } from './roles/routes.js';
import { twoFactorResetRoutes } from './two-factor/reset-routes.js';
import { twoFactorRoutes } from './two-factor/routes.js';

/** Every /api/XfSystemApi call. */
export const systemFeatureRoutes: FeatureRoutes[] = [
  authRoutes,
  menuRoutes,
  roleRoutes,
  adminUserRoutes,
  auditRoutes,
  dashboardRoutes,
  loginLogRoutes,
  onlineSessionRoutes,
  twoFactorRoutes,
  twoFactorResetRoutes,
];
