import type { FastifyInstance, RouteOptions } from 'fastify';
import { adminGuardPermissions } from './admin-auth.js';
import { requireApplicant, requireMember, requireMemberInGoodStanding } from './member-session.js';

/**
 * Writes each route's guard into its OpenAPI operation, so the document at /api/docs says who
 * may call what, and the standing authorization test (route-guards.test.ts) reads the same
 * facts instead of a hand-kept list:
 *
 *   - `x-admin-permissions`: the route is behind requireAdmin; any one of these is needed
 *     (empty: any signed-in admin);
 *   - `x-member-session`: 'member' behind requireMember, 'member-in-good-standing' behind
 *     requireMemberInGoodStanding, 'applicant' behind requireApplicant.
 *
 * Registered before the features, since onRoute sees only routes added after it.
 */
export function registerGuardDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = [route.onRequest ?? []].flat();
    const extensions: Record<string, unknown> = {};
    for (const hook of hooks) {
      const permissions = adminGuardPermissions(hook);
      if (permissions) extensions['x-admin-permissions'] = [...permissions];
      if (hook === requireMember) extensions['x-member-session'] = 'member';
      if (hook === requireMemberInGoodStanding) extensions['x-member-session'] = 'member-in-good-standing';
      if (hook === requireApplicant) extensions['x-member-session'] = 'applicant';
    }
    if (Object.keys(extensions).length > 0) route.schema = { ...route.schema, ...extensions };
  });
}
