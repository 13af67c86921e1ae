import type { ListDto, MemberDirectoryItemDto } from '@portal/shared';
import { get } from './client';

/** 会员名录 (GetMemberDirectory): refusals (仅对会员开放, 未开放) are the page's to say, not a toast. */
export const directoryApi = {
  list: (params: { key?: string; level?: number; pageindex: number; pagesize: number }) =>
    get<ListDto<MemberDirectoryItemDto>>('XfWebApi/GetMemberDirectory', params, { silent: true }),
};
