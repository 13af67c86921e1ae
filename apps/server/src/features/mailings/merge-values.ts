import type { Kysely } from 'kysely';
import { sitePages, type MailingCategory } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { activityPath } from '../activities/mail.js';
import type { MergeValues } from './merge-fields.js';
import { unsubscribePageUrl, unsubscribeToken } from './unsubscribe.js';

/** What a mailing's values are drawn from besides the member. */
export interface MergeContext {
  baseUrl: string;
  category: MailingCategory;
  /** The activity the segment names (活动名称, 活动时间, and the 个人链接 of an activity mailing); 0 none. */
  activityId: number;
}

/** A member's values, and the token their 退订链接 carries (the mail's List-Unsubscribe header names it too). */
export interface MergedMember {
  values: MergeValues;
  unsubscribeToken: string;
}

/**
 * Each member's values, read as they are now (a preview shows what a mail sent now would say).
 * 个人链接 is the member's own page of what the mailing is about: the activity's page for the
 * member, or their 我的会籍 page; 退订链接 is the page that opts them out of the mailing's category.
 */
export async function mergeValues(db: Kysely<DB>, memberIds: readonly number[], context: MergeContext, now: number): Promise<Map<number, MergedMember>> {
  if (memberIds.length === 0) return new Map();
  const members = await db
    .selectFrom('members as m')
    .leftJoin('type_items as t', 't.id', 'm.member_level_id')
    .select(['m.id', 'm.member_name', 'm.daily_operator', 'm.expire_date', 't.name as level'])
    .where('m.id', 'in', memberIds)
    .execute();
  const activity = context.activityId
    ? await db.selectFrom('activities').select(['title', 'start_time']).where('id', '=', context.activityId).executeTakeFirst()
    : undefined;
  const own = context.activityId ? activityPath(context.activityId) : sitePages.membership.path;
  const merged = new Map<number, MergedMember>();
  for (const m of members) {
    const unsubscribe = await unsubscribeToken(db, m.id, context.category, now);
    const values: MergeValues = {
      公司名称: m.member_name,
      联系人: m.daily_operator,
      会员级别: m.level ?? '',
      有效期至: m.expire_date,
      活动名称: activity?.title ?? '',
      活动时间: activity?.start_time.slice(0, 16) ?? '',
      个人链接: `${context.baseUrl}${own}`,
      退订链接: unsubscribePageUrl(context.baseUrl, unsubscribe),
    };
    merged.set(m.id, { values, unsubscribeToken: unsubscribe });
  }
  return merged;
}
