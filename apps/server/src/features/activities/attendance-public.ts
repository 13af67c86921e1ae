import { z } from 'zod';
import { activityIdBody, activityMessages, checkInMemberDto, selfCheckInBody, signUpActivityBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember, requireMemberInGoodStanding } from '../members/guard.js';
import { mailSignUpConfirmation } from './calendar.js';
import { selfCheckIn } from './check-in.js';
import { memberDocs } from './docs.js';
import { mailContext } from '../mail/context.js';
import { confirmOffer, joinWaitlist, leaveWaitlist } from './waitlist.js';
import { optionalConsent } from '../privacy/consents.js';

/**
 * The member's side of the waitlist and of self check-in (ours; docs/api.md). Joining and
 * confirming take part in what membership is for, as signing up does; leaving and checking in
 * with a place already taken need only the session.
 */
export async function attendancePublic(app: App): Promise<void> {
  const { database, config, now } = app.services;
  const { db } = database;

  app.post(
    '/JoinActivityWaitlist',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: '加入候补名单（名额已满、报名截止前）；活动设有报名表时同 SignUpActivity 附 Answers，获得名额后确认即可；Data 为候补位次',
        body: signUpActivityBody,
        'x-data': z.int(),
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const member = await currentMember(request);
      const consent = await optionalConsent(database, config.site, request.body.PrivacyVersion, now());
      const position = await joinWaitlist(database, { member, sent: request.body.Answers, ip: request.clientAddress, consent }, request.body.ActivityId, now());
      return ok(position, activityMessages.waitlistJoined(position));
    },
  );

  app.post(
    '/LeaveActivityWaitlist',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '退出候补名单；已获得保留名额的，放弃该名额（顺延给下一位候补会员）',
        body: activityIdBody,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const member = await currentMember(request);
      const declined = await leaveWaitlist(database, member.memberId, request.body.ActivityId, mailContext(request), now());
      return ok(null, declined ? activityMessages.offerDeclined : activityMessages.waitlistLeft);
    },
  );

  app.post(
    '/ConfirmActivityPlace',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary: '确认参加：候补获得保留名额后，在 OfferUntil 之前确认即报名成功；配置了 SMTP_URL 且会员有邮箱时发送报名确认邮件（附日历文件与签到二维码）',
        body: activityIdBody,
        'x-codes': { 404: activityMessages.notFound },
      },
    },
    async (request) => {
      const member = await currentMember(request);
      await confirmOffer(db, member.memberId, request.body.ActivityId, now());
      // Signed up now, as by SignUpActivity: the same confirmation, with the calendar file and the check-in QR.
      await mailSignUpConfirmation(database, member.memberId, request.body.ActivityId, mailContext(request), now());
      return ok(null, activityMessages.offerConfirmed);
    },
  );

  app.post(
    '/SelfCheckInActivity',
    {
      onRequest: requireMember,
      schema: {
        ...memberDocs,
        summary: '自助签到：已报名会员在活动设置的时段内扫描现场二维码（Key）签到；Data 为签到时间；已签到的答 Code 409',
        body: selfCheckInBody,
        'x-data': z.string(),
        'x-codes': { 404: activityMessages.notFound, 409: { message: activityMessages.checkedInAlready('yyyy-MM-dd HH:mm:ss'), data: checkInMemberDto } },
      },
    },
    async (request) => {
      const member = await currentMember(request);
      return ok(await selfCheckIn(db, member.memberId, request.body.ActivityId, request.body.Key, now()), activityMessages.checkedIn);
    },
  );
}
