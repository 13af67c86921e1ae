import {
  membershipTerms,
  paymentMethods,
  paymentStatuses,
  memberNo,
  reminderKindName,
  toYuan,
  type MemberLevelTermsDto,
  type MemberPaymentDto,
  type MemberReceiptDto,
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

/** 收款人: the recorder's name; their account when they have none (or their account was deleted). */
const cashierOf = (p: Payment) => p.adminName || p.adminAccount;

/** What a receipt prints (GetMyPayment, the member's): no voucher, no staff account. */
export const toReceiptDto = (p: Payment): MemberReceiptDto => ({
  PaymentId: p.id,
  ReceiptNo: p.receiptNo,
  MemberName: p.memberName,
  MemberNo: memberNo(p.memberId),
  LevelName: p.levelName,
  Amount: toYuan(p.amountFen),
  PaidOn: p.paidOn,
  Payer: p.payer,
  Method: p.method,
  MethodName: paymentMethods[p.method] ?? p.method,
  Note: p.note,
  TermFrom: p.termFrom,
  TermTo: p.termTo,
  Status: p.status,
  StatusName: paymentStatuses[p.status] ?? p.status,
  Cashier: cashierOf(p),
});

/** The back office's payment: the receipt and the record around it. A voucher is a private upload: it opens through the back office's guarded call. */
export const toPaymentDto = (p: Payment, assetBaseUrl: string): MemberPaymentDto => ({
  ...toReceiptDto(p),
  MemberId: p.memberId,
  Account: p.account,
  LevelId: p.levelId,
  VoucherPath: p.voucherPath,
  VoucherUrl:
    p.voucherPath === ''
      ? ''
      : p.voucherPath.startsWith('/private/')
        ? `/api/XfSysBussiness/GetMemberPaymentVoucher/${p.id}`
        : assetUrl(assetBaseUrl, p.voucherPath),
  Provider: p.provider,
  TransactionId: p.transactionId,
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
