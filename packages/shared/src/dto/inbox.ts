import { z } from 'zod';

/** 站内信's answers (features/inbox). */

/** One message as its member reads it: the html is sanitised by the server when delivered. */
export const inboxMessageDto = z
  .object({
    Id: z.int(),
    Title: z.string(),
    /** 通知公告, 活动, 会费 or 调查. */
    Category: z.string(),
    Html: z.string(),
    CreateTime: z.string(),
    Read: z.boolean(),
    /** '' while unread. */
    ReadTime: z.string(),
  })
  .meta({ id: 'InboxMessageDto' });
export type InboxMessageDto = z.infer<typeof inboxMessageDto>;
