import { activityIdBody, activityMessages, signUpActivityBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember, requireMemberInGoodStanding } from '../members/guard.js';
import { mailSignUpConfirmation } from './calendar.js';
import { memberDocs } from './docs.js';
import { mailContext } from '../mail/context.js';
import { cancelSignUp, signUp } from './member.js';
import { reconciledMember } from './reconcile.js';
import { optionalConsent } from '../privacy/consents.js';

/**
 * Signing up for an activity and cancelling it, in the member area (our names; docs/api.md).
 */
export async function activitySignUpPublic(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.post(
    '/SignUpActivity',
    {
      onRequest: requireMemberInGoodStanding,
      schema: {
        ...memberDocs,
        summary:
          '报名（截止时间前、名额未满、在通知对象内）；活动设有报名表（GetMyActivity 的 SignUpFields）时，Answers 按题目标识填写，校验同 SubmitForm，不通过则不报名；配置了 SMTP_URL 且会员有邮箱时发送报名确认邮件，附活动的日历文件（.ics）与签到二维码',
        body: signUpActivityBody,
      },
    },
    async (request) => {
      const member = await reconciledMember(request);
      const consent = await optionalConsent(database, config.site, request.body.PrivacyVersion, now());
      await signUp(database, { member, sent: request.body.Answers, ip: request.clientAddress, consent }, request.body.ActivityId, now());
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
