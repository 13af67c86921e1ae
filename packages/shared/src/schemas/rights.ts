import { z } from 'zod';
import { messages, rightsMessages } from '../messages/index.js';
import { integer, integerChoice, optionalParam, pagingQuery, requiredText } from './common.js';
export type { MyDataDto, MyDataSectionDto, RightsRequestDto } from '../dto/rights.js';

/**
 * 个人信息权利请求 (个人信息保护法 arts. 44–47, 50): a member asks to see or copy what the
 * association holds about them (查阅复制 is also served at once by the download), to correct it
 * or to delete it; staff answer within 15 working days (the association's 工作日历 counts them)
 * or refuse with the reason.
 */
export const rightsKinds = ['access', 'correction', 'deletion'] as const;
export type RightsKind = (typeof rightsKinds)[number];
export const rightsKindNames: Record<RightsKind, string> = { access: '查阅复制', correction: '更正补充', deletion: '删除' };

export const RightsStatus = { Pending: 0, Done: 1, Refused: 2 } as const;
export type RightsStatusValue = (typeof RightsStatus)[keyof typeof RightsStatus];
export const rightsStatusNames: Record<RightsStatusValue, string> = { 0: '办理中', 1: '已办结', 2: '不予办理' };

/** The legal period of an answer, in working days (the privacy policy promises it too). */
export const RIGHTS_DEADLINE_DAYS = 15;
export const rightsLimits = { content: 1000, answer: 2000, pendingPerMember: 3 } as const;

/** SaveRightsRequest: what the member asks. */
export const saveRightsRequestBody = z.object({
  Kind: z.enum(rightsKinds, { error: rightsMessages.kindInvalid }),
  Content: requiredText(rightsMessages.contentRequired, '请求内容', rightsLimits.content),
});
export type SaveRightsRequestBody = z.infer<typeof saveRightsRequestBody>;

/** HandleRightsRequest: 已办结 with what was done, or 不予办理 with the reason; either is said to the member. */
export const handleRightsRequestBody = z.object({
  Id: integer(messages.badParameter, { min: 1 }),
  Status: integerChoice([RightsStatus.Done, RightsStatus.Refused], rightsMessages.statusInvalid),
  Answer: requiredText(rightsMessages.answerRequired, '办理结果', rightsLimits.answer),
});
export type HandleRightsRequestBody = z.infer<typeof handleRightsRequestBody>;

/** GetRightsRequestList: paged, optionally one status. */
export const rightsRequestListQuery = pagingQuery.extend({
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 2 })),
});
export type RightsRequestListQuery = z.infer<typeof rightsRequestListQuery>;

/**
 * VerifyCertHolder: a certificate holder or exam candidate is no account; they prove who they are
 * with their name, their whole ID number and something only the paper in their hands says: the
 * number of one of their certificates, or, for a result without a certificate, its exam date.
 */
export const verifyCertHolderBody = z.object({
  Name: requiredText(rightsMessages.holderNameRequired, '姓名', 100),
  IdNum: requiredText(rightsMessages.holderIdNumRequired, '证件号码', 100),
  Proof: requiredText(rightsMessages.holderProofRequired, '证书编号或考试日期', 100),
});
export type VerifyCertHolderBody = z.infer<typeof verifyCertHolderBody>;

/** How long a holder's verification opens their data and requests. */
export const HOLDER_SESSION_MINUTES = 30;

/** DownMyData: the copy as a workbook (xlsx, the default) or JSON. */
export const myDataQuery = z.object({ format: z.enum(['xlsx', 'json'], { error: messages.badParameter }).default('xlsx') });
