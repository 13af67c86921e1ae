import type { FeatureRoutes } from '../../http/app-types.js';
import { adminUserRoutes } from './admin-users/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { menuRoutes } from './menus/routes.js';
import { roleRoutes } from './roles/routes.js';
import { signInRoutes } from './auth/sign-in-routes.js';
import { twoFactorResetRoutes } from './auth/two-factor-reset-routes.js';
import { twoFactorRoutes } from './auth/two-factor-routes.js';

/** Every /api/XfSystemApi call. */
export const systemFeatureRoutes: FeatureRoutes[] = [
  authRoutes,
  menuRoutes,
  roleRoutes,
  adminUserRoutes,
  auditRoutes,
  dashboardRoutes,
  signInRoutes,
  twoFactorRoutes,
  twoFactorResetRoutes,
];
