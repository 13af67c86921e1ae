import { z } from 'zod';
import { messages, privacyMessages } from '../messages/index.js';
import { integer, optionalParam, pagingQuery, requiredText, saveIdField } from './common.js';
export type { PrivacyConsentDto, PrivacyPolicyDto, PrivacyPolicyVersionDto, PublicPrivacyPolicyDto } from '../dto/privacy.js';

/**
 * 隐私政策 (系统管理 → 隐私政策): the site's privacy policy in numbered versions. Staff write a
 * draft (正文 and 变更说明) and publish it; a published version is never changed again, so what a
 * visitor accepted under it can be shown as it was. /privacy shows the current version, its
 * history, and any earlier version by its number.
 */
export const privacyLimits = { content: 100_000, summary: 500 } as const;

/** SavePrivacyPolicy: Id 0 adds a draft, a positive Id changes a draft (a published version is refused). */
export const savePrivacyPolicyBody = z.object({
  Id: saveIdField,
  Content: requiredText(privacyMessages.contentRequired, '正文', privacyLimits.content),
  Summary: requiredText(privacyMessages.summaryRequired, '变更说明', privacyLimits.summary),
});
export type SavePrivacyPolicyBody = z.infer<typeof savePrivacyPolicyBody>;

export const privacyPolicyListQuery = pagingQuery;
export type PrivacyPolicyListQuery = z.infer<typeof privacyPolicyListQuery>;

/** GetPrivacyPolicy: the current version, or the one `Version` names. */
export const privacyPolicyQuery = z.object({
  Version: optionalParam(integer(messages.badParameter, { min: 1 })),
});
export type PrivacyPolicyQuery = z.infer<typeof privacyPolicyQuery>;

/**
 * The version of the policy a person ticked 我已阅读并同意 under, sent with every form that
 * collects personal data; it must be the current one (docs/privacy.md, "Consents").
 */
export const privacyVersionField = integer(privacyMessages.consentRequired, { min: 1 });
/** The same on the spec's own calls (ApplyMember, SavePropose, SaveNews), whose contract does not name it. */
export const optionalPrivacyVersionField = optionalParam(privacyVersionField);

/** What a consent was given with: the kind of submission, as the member area names it. */
export const consentSubjects = ['application', 'proposal', 'contribution', 'message', 'form', 'signUp'] as const;
export type ConsentSubject = (typeof consentSubjects)[number];
export const consentSubjectNames: Record<ConsentSubject, string> = {
  application: '入会申请',
  proposal: '建议留言',
  contribution: '投稿',
  message: '在线留言',
  form: '表单填写',
  signUp: '活动报名',
};

/**
 * What withdrawing means, said before the member confirms: processing based on the consent
 * stops from then on; what was done before stays lawful (个人信息保护法 art. 15); deleting what
 * was submitted is a request of its own.
 */
export const consentWithdrawalConsequence = (subject: ConsentSubject): string =>
  `撤回后，协会将不再基于此项授权处理您在「${consentSubjectNames[subject]}」中提交的个人信息；撤回前已进行的处理不受影响。` +
  (subject === 'application' ? '尚在审核中的入会申请将无法继续办理。' : '') +
  '如需删除已提交的信息，请另行提出删除申请。';

/** WithdrawConsent: one of the member's own consents. */
export const withdrawConsentBody = z.object({ Id: integer(messages.badParameter, { min: 1 }) });
export type WithdrawConsentBody = z.infer<typeof withdrawConsentBody>;
