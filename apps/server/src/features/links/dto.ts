import type { FriendLinkDto } from '@portal/shared';
import type { FriendLink } from './service.js';

/** The wire shape of spec §3: `Friendlinks` is the URL. */
export const toLinkDto = (l: FriendLink): FriendLinkDto => ({ Id: l.id, Title: l.title, Friendlinks: l.url, SortNumber: l.sortNumber });
