import { z } from 'zod';
import { messages, privacyMessages } from '../messages.js';
import { integer, optionalParam, pagingQuery, requiredText, saveIdField } from './common.js';
export type { PrivacyPolicyDto, PrivacyPolicyVersionDto, PublicPrivacyPolicyDto } from '../dto/privacy.js';

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
