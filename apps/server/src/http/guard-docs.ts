import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Writes each route's guard into its OpenAPI operation, so the document at /api/docs says who
 * may call what, and the standing authorization test (route-guards.test.ts) reads the same
 * facts instead of a hand-kept list. Each guard says what it stands for with documentGuard
 * (features/system/auth/guard.ts, features/members/guard.ts):
 *
 *   - `x-admin-permissions`: the route is behind requireAdmin; any one of these is needed
 *     (empty: any signed-in admin);
 *   - `x-member-session`: 'member' behind requireMember, 'member-in-good-standing' behind
 *     requireMemberInGoodStanding, 'applicant' behind requireApplicant, 'cert-holder' behind
 *     requireCertHolder (a certificate holder's verification, features/rights/holder.ts).
 *
 * Registered before the features, since onRoute sees only routes added after it.
 */
export type SessionGuard = 'member' | 'member-in-good-standing' | 'applicant' | 'cert-holder';

export interface GuardDoc {
  'x-admin-permissions'?: readonly string[];
  'x-member-session'?: SessionGuard;
}

const guardDocs = new WeakMap<object, GuardDoc>();

/** Records what an onRequest guard stands for, for the routes it guards. */
export function documentGuard<Hook extends object>(hook: Hook, doc: GuardDoc): Hook {
  guardDocs.set(hook, doc);
  return hook;
}

export function registerGuardDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = [route.onRequest ?? []].flat();
    const extensions: Record<string, unknown> = {};
    for (const hook of hooks) {
      const doc = guardDocs.get(hook);
      if (doc?.['x-admin-permissions']) extensions['x-admin-permissions'] = [...doc['x-admin-permissions']];
      if (doc?.['x-member-session']) extensions['x-member-session'] = doc['x-member-session'];
    }
    if (Object.keys(extensions).length > 0) route.schema = { ...route.schema, ...extensions };
  });
}
