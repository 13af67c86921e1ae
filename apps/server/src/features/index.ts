import type { App, FeatureRoutes } from '../http/app-types.js';
import { linksPublic } from './links/public.js';
import { bannersPublic } from './banners/public.js';
import { lookupsPublic } from './lookups/public.js';
import { menusPublic } from './menus/public.js';
import { newsPublic } from './news/public.js';
import { positionsPublic } from './positions/public.js';
import { sitePublic } from './site/public.js';
import { visitsPublic } from './visits/public.js';

/** Public site calls, spec §7 "/api/XfWebApi/". */
const publicRoutes: FeatureRoutes[] = [linksPublic, menusPublic, newsPublic, positionsPublic, bannersPublic, lookupsPublic, visitsPublic, sitePublic];
/** Business back-office calls, spec §7 "/api/XfSysBussiness/". */
const businessRoutes: FeatureRoutes[] = [];
/** System back-office calls, spec §7 "/api/XfSystemApi/". */
const systemRoutes: FeatureRoutes[] = [];

export async function registerFeatures(app: App): Promise<void> {
  await app.register(async (scope) => { for (const r of publicRoutes) await r(scope as App); }, { prefix: '/api/XfWebApi' });
  await app.register(async (scope) => { for (const r of businessRoutes) await r(scope as App); }, { prefix: '/api/XfSysBussiness' });
  await app.register(async (scope) => { for (const r of systemRoutes) await r(scope as App); }, { prefix: '/api/XfSystemApi' });
}
