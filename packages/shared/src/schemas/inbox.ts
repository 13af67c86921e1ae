import { z } from 'zod';
import { idParam, integerChoice, optionalParam, pagingQuery } from './common.js';

/**
 * 站内信 (features/inbox): what the association sends a member inside the site, read in the
 * member area. docs/inbox.md says what is stored and who sees it; docs/api.md lists the calls.
 */

/** What a message is about; the mailings that send them name one of these. */
export const inboxCategories = ['通知公告', '活动', '会费', '调查'] as const;
export type InboxCategory = (typeof inboxCategories)[number];

export const inboxLimits = {
  /** The column's length: a mailing's subject longer than this is refused by the database. */
  title: 200,
} as const;

export const inboxMessages = {
  notFound: '站内信不存在',
} as const;

/** GetMyInbox: newest first, paged; `unread=1` the unread ones only. */
export const inboxListQuery = pagingQuery.extend({ unread: optionalParam(integerChoice([0, 1])) });
export type InboxListQuery = z.infer<typeof inboxListQuery>;

/** ReadInboxMessage: one of the member's own messages. */
export const readInboxBody = z.object({ Id: idParam });
