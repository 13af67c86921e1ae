import type { Call, Walk } from './api-walk.js';
import { unsubscribeToken } from '../src/features/mailings/unsubscribe.js';

/**
 * The 会员通知 calls of the contract walk (api-walk.ts): a template, a draft from it to every
 * member, its count, preview and records, a system mail edited and restored, the member's preferences and the unsubscribe link.
 * The walk's app has no mail server, so the test send and the send are refused (400 未配置邮件服务器)
 * (and no SMS provider, so the test message is refused too: 400 短信服务未配置)
 * and the draft stays a draft (CancelMailingSchedule: 400, not scheduled).
 */

const SB = '/api/XfSysBussiness';
const WEB = '/api/XfWebApi';

const mailing = (w: Walk) => w.answers.get(`POST ${SB}/SaveMailing`) as number;
const token = (w: Walk) => unsubscribeToken(w.t.app.services.database.db, w.memberId, 'notice', w.t.app.services.now());

export const mailingPublicCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${WEB}/GetMailPreferences`]: () => ({}),
  [`POST ${WEB}/SaveMailPreferences`]: () => ({ body: { survey: true } }),
  [`GET ${WEB}/Unsubscribe`]: async (w) => ({ query: { t: await token(w) } }),
  [`POST ${WEB}/Unsubscribe`]: async (w) => ({ query: { t: await token(w) } }),
  // No mailing went out with 打开跟踪 here: a token of none marks nothing and answers the picture.
  [`GET ${WEB}/MailOpened`]: () => ({ query: { t: '1.1.x' } }),
};

/** A system mail's text as 系统邮件's dialog sends it, to save and to preview. */
const systemMail = { Code: 'renewal-before', Subject: '{{提醒类型}}', Body: '{{会员名称}}：请于{{有效期至}}前续费。' };

export const mailingBackOfficeCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`POST ${SB}/SaveMailTemplate`]: () => ({ body: { TemplateId: 0, Name: '合同测试模板', Subject: '致{{公司名称}}', Body: '<p>{{联系人}}您好</p>' } }),
  [`GET ${SB}/GetMailTemplateList`]: () => ({}),
  [`POST ${SB}/SaveMailing`]: (w) => ({ body: { MailingId: 0, TemplateId: w.answers.get(`POST ${SB}/SaveMailTemplate`) } }),
  [`GET ${SB}/GetMailingList`]: () => ({}),
  [`GET ${SB}/GetMailing`]: (w) => ({ query: { mailingid: mailing(w) } }),
  [`POST ${SB}/CountMailingSegment`]: () => ({ body: {} }),
  [`GET ${SB}/PreviewMailing`]: (w) => ({ query: { mailingid: mailing(w), memberid: w.memberId } }),
  [`POST ${SB}/TestMailing`]: (w) => ({ body: { MailingId: mailing(w), Address: 'tester@example.com' }, code: 400 }),
  [`POST ${SB}/SendMailing`]: (w) => ({ body: { MailingId: mailing(w) }, code: 400 }),
  [`POST ${SB}/CancelMailingSchedule`]: (w) => ({ body: { MailingId: mailing(w) }, code: 400 }),
  [`GET ${SB}/GetMailingRecipients`]: (w) => ({ query: { mailingid: mailing(w) } }),
  [`GET ${SB}/GetMemberMailings`]: (w) => ({ query: { memberid: w.memberId } }),
  [`GET ${SB}/ExportMailingRecipients`]: (w) => ({ query: { mailingid: mailing(w) } }),
  [`GET ${SB}/GetMailingSettings`]: () => ({}),
  [`POST ${SB}/SaveMailingSettings`]: () => ({ body: { PerMinute: 60 } }),
  [`GET ${SB}/GetSystemMailList`]: () => ({}),
  [`POST ${SB}/SaveSystemMail`]: () => ({ body: systemMail }),
  [`POST ${SB}/PreviewSystemMail`]: () => ({ body: systemMail }),
  [`POST ${SB}/ResetSystemMail`]: () => ({ body: { Code: 'renewal-before' } }),
  // No SMS provider is installed in the walk's app: the test message is refused (400 短信服务未配置).
  [`GET ${SB}/GetSmsSettings`]: () => ({}),
  [`POST ${SB}/SaveSmsSettings`]: () => ({ body: { SignName: '建设保险协会' } }),
  [`POST ${SB}/SendTestSms`]: () => ({ body: { Phone: '13800138000', TemplateCode: 'SMS_1', Variables: { name: '张三' } }, code: 400 }),
  [`GET ${SB}/GetSmsLogList`]: () => ({}),
  [`POST ${SB}/DeleteMailTemplate`]: (w) => ({ body: { TemplateId: w.answers.get(`POST ${SB}/SaveMailTemplate`) } }),
};
