import type { App, FeatureRoutes } from '../http/app-types.js';
import { linksPublic } from './links/public.js';

/** Public site calls, spec §7 "/api/XfWebApi/". */
const publicRoutes: FeatureRoutes[] = [linksPublic];
/** Business back-office calls, spec §7 "/api/XfSysBussiness/". */
const businessRoutes: FeatureRoutes[] = [];
/** System back-office calls, spec §7 "/api/XfSystemApi/". */
const systemRoutes: FeatureRoutes[] = [];

export async function registerFeatures(app: App): Promise<void> {
  await app.register(async (scope) => { for (const r of publicRoutes) await r(scope as App); }, { prefix: '/api/XfWebApi' });
  await app.register(async (scope) => { for (const r of businessRoutes) await r(scope as App); }, { prefix: '/api/XfSysBussiness' });
  await app.register(async (scope) => { for (const r of systemRoutes) await r(scope as App); }, { prefix: '/api/XfSystemApi' });
}
