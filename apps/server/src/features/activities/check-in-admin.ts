import { activityMemberBody, activityMessages, checkInBody, checkInMemberDto, type CheckInBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { checkIn, undoCheckIn, type DoorPass } from './check-in.js';
import { adminDocs, TARGET } from './docs.js';
import { toCheckInMemberDto } from './dto.js';
import { mailContext } from '../mail/context.js';
import { removeMember, type Removed } from './waitlist.js';

/** The pass a check-in names, and how the audit log says it was given. */
function passOf(body: CheckInBody): { pass: DoorPass; how: string } {
  if (body.Token) return { pass: { token: body.Token }, how: '扫码' };
  if (body.Code) return { pass: { code: body.Code }, how: `签到码${body.Code}` };
  return { pass: { memberId: body.MemberId! }, how: '手动' };
}

const removedNames: Record<Removed, string> = { signUp: '报名', offer: '保留名额', waitlist: '候补' };

/**
 * 活动签到's writes (ours; docs/api.md): check-in by QR, code or choice (activity:checkin), undoing one
 * (activity:checkin:undo), and taking a member off an activity (activity:edit), which passes the place
 * to the waitlist. Every write is audited.
 */
export async function checkInAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.post(
    '/CheckInActivityMember',
    {
      onRequest: requireAdmin('activity:checkin'),
      schema: {
        ...adminDocs,
        summary:
          '签到：Token（扫描会员的签到二维码）、Code（6位签到码）或 MemberId（从名单中选择）三者之一；活动当天起至结束前可签到；已签到的答 Code 409“已签到（时间）”，Data 为该会员；Data 为签到的会员',
        body: checkInBody,
        'x-data': checkInMemberDto,
        'x-codes': { 404: activityMessages.notFound, 409: { message: activityMessages.checkedInAlready('yyyy-MM-dd HH:mm:ss'), data: checkInMemberDto } },
      },
    },
    async (request) => {
      const { pass, how } = passOf(request.body);
      const { account, fullName } = currentAdmin(request);
      const member = await adminWrite(
        request,
        { action: 'activity:checkin', target: TARGET, targetId: request.body.ActivityId, detail: (m) => `签到（${how}）：${m.memberName}` },
        () => checkIn(db, request.body.ActivityId, pass, { account, name: fullName }, now()),
      );
      return ok(toCheckInMemberDto(member), activityMessages.checkedIn);
    },
  );

  app.post(
    '/UndoActivityCheckIn',
    {
      onRequest: requireAdmin('activity:checkin:undo'),
      schema: {
        ...adminDocs,
        summary: '撤销签到（误签时）；Data 为该会员',
        body: activityMemberBody,
        'x-data': checkInMemberDto,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const { ActivityId, MemberId } = request.body;
      const member = await adminWrite(
        request,
        { action: 'activity:checkin:undo', target: TARGET, targetId: ActivityId, detail: (m) => `撤销签到：${m.memberName}` },
        () => undoCheckIn(db, ActivityId, MemberId),
      );
      return ok(toCheckInMemberDto(member), activityMessages.checkInUndone);
    },
  );

  app.post(
    '/RemoveActivitySignUp',
    {
      onRequest: requireAdmin('activity:edit'),
      schema: {
        ...adminDocs,
        summary: '移出会员：取消其报名（已签到的须先撤销签到）、收回为其保留的名额或将其移出候补名单；空出的名额依次保留给候补会员',
        body: activityMemberBody,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const { ActivityId, MemberId } = request.body;
      await adminWrite(
        request,
        { action: 'activity:edit', target: TARGET, targetId: ActivityId, detail: (what) => `移出会员${MemberId}（${removedNames[what]}）` },
        () => removeMember(database, ActivityId, MemberId, mailContext(request), now()),
      );
      return ok(null, activityMessages.removed);
    },
  );
}
