import type { ListDto, MemberDirectoryItemDto, MemberDirectoryQuery } from '@portal/shared';
import { get } from './client';
import type { ListQuery } from './list-query';

/** 会员名录 (GetMemberDirectory): refusals (仅对会员开放, 未开放) are the page's to say, not a toast. */
export const directoryApi = {
  list: (params: ListQuery<MemberDirectoryQuery>) => get<ListDto<MemberDirectoryItemDto>>('XfWebApi/GetMemberDirectory', params, { silent: true }),
};
