import { z } from 'zod';
import { activityMessages, calendarFileName, idParam, listOf, myActivityDetailDto, myActivityDto, myActivityListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { attachment } from '../../http/xlsx-export.js';
import { requireMember } from '../members/guard.js';
import { activityCalendar, CALENDAR_TYPE, memberCalendarActivity } from './calendar.js';
import { memberDocs } from './docs.js';
import { toMyActivityDetailDto, toMyActivityDto } from './dto.js';
import { siteContext } from '../mail/context.js';
import { listMine, openMine, unreadCount } from './member.js';
import { reconciledMember } from './reconcile.js';

/**
 * 活动通知 in the member area (our names; docs/api.md). Every call first delivers the member's
 * missing notices, so a member approved or moved to a level after publication finds them.
 */
export async function activitiesPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

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
      const member = await reconciledMember(request);
      const page = await listMine(db, member.memberId, request.query, now());
      return list(page.items.map(toMyActivityDto), page.total);
    },
  );

  app.get(
    '/GetActivityUnreadCount',
    { onRequest: requireMember, schema: { ...memberDocs, summary: '未读活动通知数（页眉账号旁的数字）', 'x-data': z.int() } },
    async (request) => ok(await unreadCount(db, (await reconciledMember(request)).memberId)),
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
      const member = await reconciledMember(request);
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
      const member = await reconciledMember(request);
      const activity = await memberCalendarActivity(db, member.memberId, request.params.id);
      attachment(reply, CALENDAR_TYPE, `activity-${activity.id}.ics`, calendarFileName(activity.title));
      return activityCalendar(siteContext(request), activity, { now: now() });
    },
  );
}
