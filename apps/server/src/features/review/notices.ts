import type { Kysely } from 'kysely';
import { formatCst, type AdminNoticeListDto } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';

/**
 * In-app notices to admins (the back office's bell): a review waiting at a step they decide, and
 * the outcome of their own article. In-app only: admins have no e-mail address on record, so
 * there is nothing to mail to. Written in the transaction of the change they announce, so a
 * notice never tells of a decision that was rolled back.
 */

/** How many notices GetMyNotices answers, newest first. */
export const NOTICES_LISTED = 50;

/** Where a notice about a review leads: the review opened on 待我审核. */
export const reviewLink = (reviewId: number) => `/System/content/review?review=${reviewId}`;
/**
 * Where a notice to an author leads: the 审批单 opened over 文章管理, the page every author has
 * (待我审核 is for reviewers; GetReview lets an author read their own review).
 */
export const approvalLink = (reviewId: number) => `/System/content/news?approval=${reviewId}`;

export async function notify(trx: Kysely<DB>, adminIds: readonly number[], text: string, link: string, at: string): Promise<void> {
  const unique = [...new Set(adminIds)].filter((id) => id > 0);
  if (unique.length === 0) return;
  await trx
    .insertInto('admin_notices')
    .values(unique.map((admin_id) => ({ admin_id, text, link, created_at: at })))
    .execute();
}

/** The admin's newest notices and how many of all theirs are unread. */
export async function myNotices({ db }: Database, adminId: number): Promise<AdminNoticeListDto> {
  const [rows, { unread }] = await Promise.all([
    db
      .selectFrom('admin_notices')
      .select(['id', 'text', 'link', 'created_at', 'read_at'])
      .where('admin_id', '=', adminId)
      .orderBy('id', 'desc')
      .limit(NOTICES_LISTED)
      .execute(),
    db
      .selectFrom('admin_notices')
      .select((eb) => eb.fn.countAll<number>().as('unread'))
      .where('admin_id', '=', adminId)
      .where('read_at', '=', '')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    List: rows.map((r) => ({ NoticeId: r.id, Text: r.text, Link: r.link, CreateTime: r.created_at, Read: r.read_at !== '' })),
    Unread: Number(unread),
  };
}

/** Marks one of the admin's notices read, or all of them; another admin's notice is left alone. Answers how many changed. */
export async function readNotices({ db }: Database, adminId: number, noticeId: number | undefined, now: number): Promise<number> {
  const result = await db
    .updateTable('admin_notices')
    .set({ read_at: formatCst(now) })
    .where('admin_id', '=', adminId)
    .where('read_at', '=', '')
    .$if(noticeId !== undefined, (q) => q.where('id', '=', noticeId ?? 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
