import type { AdminFriendLinkDto, FriendLinkDto } from '@portal/shared';
import type { AdminFriendLink, FriendLink } from './service.js';

/** The wire shape of spec §3: `Friendlinks` is the URL. */
export const toLinkDto = (l: FriendLink): FriendLinkDto => ({ Id: l.id, Title: l.title, Friendlinks: l.url, SortNumber: l.sortNumber });

export const toAdminLinkDto = (l: AdminFriendLink): AdminFriendLinkDto => ({ ...toLinkDto(l), Status: l.status, CreateTime: l.createdAt });
