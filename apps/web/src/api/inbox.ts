import type { InboxMessageDto, ListDto } from '@portal/shared';
import { get, post } from './client';
import type { PageState } from '../components/DataTable';

/** 站内信's member calls (features/inbox, docs/api.md "站内信"). */
const base = 'XfWebApi/';

export const inboxApi = {
  mine: (query: PageState & { unread?: 1 }) => get<ListDto<InboxMessageDto>>(`${base}GetMyInbox`, query),
  unreadCount: () => get<number>(`${base}GetInboxUnreadCount`),
  read: (Id: number) => post<null>(`${base}ReadInboxMessage`, { Id }),
  /** Answers how many were marked. */
  readAll: () => post<number>(`${base}ReadAllInbox`),
};
