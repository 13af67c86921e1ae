import type { FeatureRoutes } from '../../http/app-types.js';
import { adminUserRoutes } from './admin-user-routes.js';
import { auditRoutes } from './audit-routes.js';
import { authRoutes } from './auth-routes.js';
import { menuRoutes } from './menu-routes.js';
import { roleRoutes } from './role-routes.js';
import { signInRoutes } from './sign-in-routes.js';
import { twoFactorResetRoutes } from './two-factor-reset-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** Every /api/XfSystemApi call. */
export const systemFeatureRoutes: FeatureRoutes[] = [authRoutes, menuRoutes, roleRoutes, adminUserRoutes, auditRoutes, signInRoutes, twoFactorRoutes, twoFactorResetRoutes];
