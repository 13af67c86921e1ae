import {
  membershipTerms,
  paymentMethods,
  paymentStatuses,
  memberNo,
  reminderKindName,
  toYuan,
  type MemberLevelTermsDto,
  type MemberPaymentDto,
  type MembershipReminderDto,
} from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import type { Payment } from './payments.js';
import type { remindersOf } from './reminders.js';
import type { listLevelTerms } from '../members/level-terms.js';

/** Wire shapes of packages/shared/src/schemas/membership.ts. */

export const toLevelTermsDto = (l: Awaited<ReturnType<typeof listLevelTerms>>[number]): MemberLevelTermsDto => ({
  LevelId: l.levelId,
  LevelName: l.levelName,
  Status: l.status,
  AnnualFee: toYuan(l.annualFeeFen),
  Term: l.term,
  TermName: membershipTerms[l.term],
  GraceDays: l.graceDays,
  NeedsApproval: l.needsApproval,
  MemberCount: l.memberCount,
});

/** A voucher is a private upload: it opens through the back office's guarded call. */
export const toPaymentDto = (p: Payment, assetBaseUrl: string): MemberPaymentDto => ({
  PaymentId: p.id,
  ReceiptNo: p.receiptNo,
  MemberId: p.memberId,
  Account: p.account,
  MemberName: p.memberName,
  MemberNo: memberNo(p.memberId),
  LevelId: p.levelId,
  LevelName: p.levelName,
  Amount: toYuan(p.amountFen),
  PaidOn: p.paidOn,
  Payer: p.payer,
  Method: p.method,
  MethodName: paymentMethods[p.method] ?? p.method,
  VoucherPath: p.voucherPath,
  VoucherUrl:
    p.voucherPath === ''
      ? ''
      : p.voucherPath.startsWith('/private/')
        ? `/api/XfSysBussiness/GetMemberPaymentVoucher/${p.id}`
        : assetUrl(assetBaseUrl, p.voucherPath),
  Note: p.note,
  TermFrom: p.termFrom,
  TermTo: p.termTo,
  Provider: p.provider,
  TransactionId: p.transactionId,
  Status: p.status,
  StatusName: paymentStatuses[p.status] ?? p.status,
  VoidReason: p.voidReason,
  RecordedBy: p.adminAccount,
  CreateTime: p.createdAt,
});

export const toReminderDto = (r: Awaited<ReturnType<typeof remindersOf>>[number]): MembershipReminderDto => ({
  Kind: r.kind,
  KindName: reminderKindName(r.kind),
  TermEnd: r.termEnd,
  MailState: r.mailState,
  Recipient: r.recipient,
  CreateTime: r.createdAt,
});
