import type { FeatureRoutes } from '../../http/app-types.js';
import { applicationsAdmin } from '../applications/admin.js';
import { applicationsPublic } from '../applications/public.js';
import { suggestionsAdmin } from '../suggestions/admin.js';
import { suggestionsPublic } from '../suggestions/public.js';
import { membersAdmin } from './admin.js';
import { membersPublic } from './public.js';
import { membershipAdmin } from '../membership/admin.js';
import { memberImportAdmin } from '../membership/import-admin.js';
import { membershipPublic } from '../membership/public.js';
import { memberCardAdmin, memberCardPublic } from '../membership/card-routes.js';

/** The member area's /api/XfWebApi calls: sign-in, profile, application, suggestion box, membership and its electronic card. */
export const memberPublicRoutes: FeatureRoutes[] = [membersPublic, applicationsPublic, suggestionsPublic, membershipPublic, memberCardPublic];
/** Its /api/XfSysBussiness calls: members, application review, suggestions, dues and level terms, member import, card revocation. */
export const memberBusinessRoutes: FeatureRoutes[] = [membersAdmin, applicationsAdmin, suggestionsAdmin, membershipAdmin, memberImportAdmin, memberCardAdmin];
