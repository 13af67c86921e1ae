import { z } from 'zod';
import { activityMemberDto, activityMemberFilter, activityMemberListQuery, activityMessages, listOf, resendActivityBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { activityMissing, adminDocs, TARGET } from './docs.js';
import { toActivityMemberDto } from './dto.js';
import { audienceColumns, audiencePages } from './export.js';
import { mailContext } from '../mail/context.js';
import { deliverNotices, listAudience, remindMembers, withMailNote } from './notices.js';
import { mailEnabled } from '../mail/outbox.js';
import { lapseOffers } from './waitlist.js';
import { getActivity } from './service.js';
import { withSignUpAnswers } from './sign-up-form.js';
import { publicBaseUrl } from '../../http/public-base-url.js';

/**
 * An activity's audience in the back office: who was notified, read and signed up (spec §7
 * ResendActivityMember; the list and its export are ours), and reminding them.
 */
export async function activityAudienceAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetActivityMemberList',
    {
      onRequest: requireAdmin('activity:list'),
      schema: {
        ...adminDocs,
        summary:
          '活动的通知对象：阅读状态与时间、报名状态与时间、邮件发送状态（MailState：inapp 未配置邮件服务器仅站内通知，pending 待发送，sent 已发送，failed 发送失败；isread 1 已读 0 未读；signedup 1 已报名 0 未报名；key 会员名称或账号；分页）；SignUpAnswers 为报名表的填写内容（题目见 GetActivity 的 SignUpFields）',
        querystring: activityMemberListQuery,
        'x-data': listOf(activityMemberDto),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const q = request.query;
      const activity = await getActivity(db, q.activityid);
      await deliverNotices(database, { activityId: q.activityid }, mailContext(request), now());
      await lapseOffers(database, mailContext(request), now(), q.activityid);
      const page = await listAudience(db, q, mailEnabled(app.services));
      const rows = await withSignUpAnswers(db, activity.signUpFormId, page.items, { now: now(), base: publicBaseUrl(request) });
      return list(rows.map(toActivityMemberDto), page.total);
    },
  );

  app.get(
    '/ExportActivityMembers',
    {
      onRequest: requireAdmin('activity:export'),
      schema: {
        ...adminDocs,
        summary: '导出活动的通知对象（筛选条件同 GetActivityMemberList）为 .xlsx（流式输出）',
        querystring: activityMemberFilter,
        ...xlsxAnswer,
        'x-codes': activityMissing,
      },
    },
    async (request, reply) => {
      const filter = request.query;
      const activity = await getActivity(db, filter.activityid);
      return sendListExport(request, reply, {
        permission: 'activity:export',
        target: TARGET,
        title: `${activity.title}-名单`,
        asciiName: 'activity-members.xlsx',
        columns: audienceColumns,
        read: audiencePages(database, filter, mailEnabled(app.services)),
      });
    },
  );

  app.post(
    '/ResendActivityMember',
    {
      onRequest: requireAdmin('activity:resend'),
      schema: {
        ...adminDocs,
        summary: '提醒会员：所选会员（MemberIds），或不传时全部未读会员；通知重新变为未读并记录提醒时间，配置了 SMTP_URL 时再发邮件；Data 为提醒人数',
        body: resendActivityBody,
        'x-data': z.int().describe('提醒人数'),
        'x-codes': activityMissing,
      },
    },
    async (request) => {
      const { ActivityId, MemberIds } = request.body;
      const mail = mailContext(request);
      const reminded = await adminWrite(
        request,
        {
          action: 'activity:resend',
          target: TARGET,
          targetId: ActivityId,
          detail: (n) => `提醒${n}位会员${MemberIds.length > 0 ? `：${MemberIds.join(',')}` : '（全部未读）'}`,
        },
        () => remindMembers(database, ActivityId, MemberIds, mail, now()),
      );
      return ok(reminded, withMailNote(activityMessages.reminded(reminded), mail));
    },
  );
}
