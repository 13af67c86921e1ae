import type { Kysely } from 'kysely';
import { ActivityStatus, formatCst, typeKinds } from '@portal/shared';
import type { DB } from '../db/schema.js';

const DAY_MS = 86_400_000;

/** A time some days from now at a fixed hour (CST), as the activities table stores it. */
const daysAhead = (now: number, days: number, hour: number) => `${formatCst(now + days * DAY_MS).slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;

/**
 * Two demo activities: the annual meeting, published to every member (members who sign in find
 * it, since notices are delivered on read), and a training course for the council members still
 * in draft, so the back office shows both states.
 */
export async function seedActivities(db: Kysely<DB>, now: number): Promise<void> {
  const created = formatCst(now);
  const council = await db.selectFrom('type_items').select('id').where('type', '=', typeKinds.memberLevel).where('name', '=', '理事单位').executeTakeFirst();
  const common = { capacity: 0, sign_up_count: 0, attachments: '[]', created_at: created, updated_at: created };
  await db
    .insertInto('activities')
    .values({
      ...common,
      title: '协会年度会员大会',
      description:
        '<p>协会定于下月召开年度会员大会，审议理事会工作报告和财务报告，表彰年度优秀会员单位，并邀请行业专家作工程保险与风险管理专题报告。</p><p>请各会员单位指派一名负责人参会，并于报名截止前在本页完成报名。</p>',
      place: '北京市西城区三里河路9号 协会一楼报告厅',
      start_time: daysAhead(now, 30, 9),
      end_time: daysAhead(now, 30, 17),
      sign_up_deadline: daysAhead(now, 23, 18),
      capacity: 200,
      audience_all: 1,
      status: ActivityStatus.Published,
      published_at: created,
    })
    .execute();
  if (!council) return;
  const { id } = await db
    .insertInto('activities')
    .values({
      ...common,
      title: '工程质量风险管理工程师培训班（第三期）',
      description: '<p>面向理事单位的专业培训，内容包括工程质量潜在缺陷保险、风险评估方法和典型案例分析，结业考试合格者颁发证书。</p>',
      place: '上海市浦东新区世纪大道100号 培训中心',
      start_time: daysAhead(now, 45, 9),
      end_time: daysAhead(now, 47, 17),
      sign_up_deadline: daysAhead(now, 38, 18),
      capacity: 60,
      audience_all: 0,
      status: ActivityStatus.Draft,
      published_at: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('activity_levels').values({ activity_id: id, level_id: council.id }).execute();
}
