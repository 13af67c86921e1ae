import { z } from 'zod';
import {
  activityMessages,
  checkInActivityDto,
  checkInMemberDto,
  checkInMemberListQuery,
  idParam,
  listOf,
  pagingQuery,
  venueCheckInCodeDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { doorActivity, listDoorActivities, listDoorMembers, venueCode } from './check-in.js';
import { adminDocs } from './docs.js';
import { toCheckInActivityDto, toCheckInMemberDto } from './dto.js';
import { mailContext } from '../mail/context.js';
import { lapseOffers } from './waitlist.js';

/**
 * 活动签到 in the back office (ours; docs/api.md): the activities at the door with their live
 * counts, the sign-ups found by name or code, check-in by QR, code or choice (activity:checkin),
 * undoing one (activity:checkin:undo), and taking a member off an activity (activity:edit),
 * which passes the place to the waitlist. Every write is audited.
 */
export async function attendanceAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetCheckInActivityList',
    {
      onRequest: requireAdmin('activity:checkin'),
      schema: {
        ...adminDocs,
        summary: '可签到的活动（已发布或已关闭、结束未满7天；开始时间早的在前；含报名、签到、候补人数）',
        querystring: pagingQuery,
        'x-data': listOf(checkInActivityDto),
      },
    },
    async (request) => {
      await lapseOffers(database, mailContext(request), now());
      const page = await listDoorActivities(db, request.query, now());
      return list(page.items.map(toCheckInActivityDto), page.total);
    },
  );

  app.get(
    '/GetCheckInActivity/:id',
    {
      onRequest: requireAdmin('activity:checkin'),
      schema: {
        ...adminDocs,
        summary: '签到中的活动及其实时人数（报名、保留名额、已签到、候补）与自助签到时段和现场二维码的 key；签到页定时刷新',
        params: z.object({ id: idParam }),
        'x-data': checkInActivityDto,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      await lapseOffers(database, mailContext(request), now(), request.params.id);
      return ok(toCheckInActivityDto(await doorActivity(db, request.params.id)));
    },
  );

  app.get(
    '/GetVenueCheckInCode/:id',
    {
      onRequest: requireAdmin('activity:checkin'),
      schema: {
        ...adminDocs,
        summary:
          '动态签到码：现场二维码此刻携带的 Key（每30秒更换；本时段与上一时段的 Key 可签到）及距下次更换的毫秒数；现场大屏在更换时再次获取。未开放自助签到或未开启动态签到码的答 Code 400',
        params: z.object({ id: idParam }),
        'x-data': venueCheckInCodeDto,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const { code, changesInMs } = await venueCode(db, request.params.id, now());
      return ok({ Key: code, ChangesInMs: changesInMs });
    },
  );

  app.get(
    '/GetCheckInMemberList',
    {
      onRequest: requireAdmin('activity:checkin'),
      schema: {
        ...adminDocs,
        summary: '活动的已报名会员及签到状态（key 会员名称、账号、联络人或签到码；checkedin 1 已签到 0 未签到；未签到在前；分页）',
        querystring: checkInMemberListQuery,
        'x-data': listOf(checkInMemberDto),
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const page = await listDoorMembers(db, request.query);
      return list(page.items.map(toCheckInMemberDto), page.total);
    },
  );
}
