import { z } from 'zod';
import { activityIdBody, activityMessages, calendarFileName, idParam, listOf, myActivityDetailDto, myActivityDto, myActivityListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { attachment } from '../../http/xlsx-export.js';
import { currentMember, requireMember, requireMemberInGoodStanding } from '../members/guard.js';
import { activityCalendar, CALENDAR_TYPE, mailSignUpConfirmation, memberCalendarActivity } from './calendar.js';
import { memberDocs } from './docs.js';
import { toMyActivityDetailDto, toMyActivityDto } from './dto.js';
import { mailContext, siteContext } from '../mail/context.js';
import { cancelSignUp, listMine, openMine, signUp, unreadCount } from './member.js';
import { deliverNotices } from './notices.js';
import { lapseOffers } from './waitlist.js';

/**
 * 活动通知 in the member area (our names; docs/api.md). Every call first delivers the member's
 * missing notices, so a member approved or moved to a level after publication finds them.
 */
export async function activitiesPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  const reconciled = async (request: Parameters<typeof currentMember>[0]) => {
    const member = await currentMember(request);
    const mail = mailContext(request);
    await deliverNotices(database, { memberId: member.memberId }, mail, now());
    // Offers past their time go to the next in line before the member reads the lists.
    await lapseOffers(database, mail, now());
    return member;
  };

  app.get(
    '/GetMyActivityList',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '我的活动通知（未读在前；unread=1 只看未读；分页）',
        querystring: myActivityListQuery,
        'x-data': listOf(myActivityDto),
      },
    },
    async (request) => {
      const member = await reconciled(request);
      const page = await listMine(db, member.memberId, request.query, now());
      return list(page.items.map(toMyActivityDto), page.total);
    },
  );

  app.get(
    '/GetActivityUnreadCount',
    { onRequest: requireMember, schema: { ...memberDocs, summary: '未读活动通知数（页眉账号旁的数字）', 'x-data': z.int() } },
    async (request) => ok(await unreadCount(db, (await reconciled(request)).memberId)),
  );

  app.get(
    '/GetMyActivity/:id',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '活动详情；打开即标记为已读',
        params: z.object({ id: idParam }),
        'x-data': myActivityDetailDto,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const member = await reconciled(request);
      return ok(toMyActivityDetailDto(await openMine(db, member.memberId, request.params.id, now())));
    },
  );

  app.get(
    '/GetMyActivityCalendar/:id',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '加入日历：活动的日历文件（.ics，RFC 5545；UID 固定，活动修改后 SEQUENCE 递增）；仅通知对象内的会员可下载',
        params: z.object({ id: idParam }),
        'x-file': 'text/calendar',
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request, reply) => {
      const member = await reconciled(request);
      const activity = await memberCalendarActivity(db, member.memberId, request.params.id);
      attachment(reply, CALENDAR_TYPE, `activity-${activity.id}.ics`, calendarFileName(activity.title));
      return activityCalendar(siteContext(request), activity, { now: now() });
    },
  );

  app.post(
    '/SignUpActivity',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: '报名（截止时间前、名额未满、在通知对象内）；配置了 SMTP_URL 且会员有邮箱时发送报名确认邮件，附活动的日历文件（.ics）与签到二维码',
        body: activityIdBody,
      },
    },
    async (request) => {
      const member = await reconciled(request);
      await signUp(db, member.memberId, request.body.ActivityId, now());
      // After the sign-up's own transaction: a mail that cannot be queued never undoes a place taken.
      await mailSignUpConfirmation(database, member.memberId, request.body.ActivityId, mailContext(request), now());
      return ok(null, activityMessages.signedUp);
    },
  );

  app.post(
    '/CancelActivitySignUp',
    {
      onRequest: requireMember,
      schema: { ...memberDocs, summary: '取消报名（截止时间前，签到后不能取消）；名额顺延给候补名单中的第一位', body: activityIdBody },
    },
    async (request) => {
      const member = await currentMember(request);
      await cancelSignUp(database, member.memberId, request.body.ActivityId, mailContext(request), now());
      return ok(null, activityMessages.cancelled);
    },
  );
}
