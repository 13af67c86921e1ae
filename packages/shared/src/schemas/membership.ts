import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import { boolField, booleanValue, idParam, integer, optionalParam, optionalText, pagingQuery, requiredText } from './common.js';
import { ApplyState, idsBody, uploadedPathPattern } from './members.js';
export type {
  MemberLevelTermsDto,
  MembershipDto,
  MemberPaymentDto,
  MembershipSummaryDto,
  MembershipReminderDto,
  MemberImportResultDto,
  MemberReceiptDto,
  DuesAccountDto,
} from '../dto/membership.js';

/**
 * The membership cycle (会籍): member levels with their annual fee, term and grace period;
 * each member's 入会日期 / 有效期至 and state; dues payments (会费) with receipts; renewal
 * reminders. Amounts travel in 元 with at most two decimals and are kept in 分.
 */

/** A member's standing. Stored on the member and moved by the daily membership job. */
export const MembershipState = { Active: 1, Grace: 2, Expired: 3, Suspended: 4 } as const;
export type MembershipState = (typeof MembershipState)[keyof typeof MembershipState];
export const membershipStateNames: Record<MembershipState, string> = { 1: '有效', 2: '宽限期', 3: '已过期', 4: '已停用' };

/**
 * The standing lists and exports show: an applicant under review or rejected is no member and has
 * none (0, shown as -), whatever the stored column holds from the day the account was made.
 */
export const shownStanding = (m: { applyState: number; membershipState: number }): MembershipState | 0 =>
  m.applyState === ApplyState.Approved ? (m.membershipState as MembershipState) : 0;

/** shownStanding's name: 有效, 宽限期, …, or '' for an applicant. */
export const standingName = (m: { applyState: number; membershipState: number }): string => {
  const state = shownStanding(m);
  return state === 0 ? '' : membershipStateNames[state];
};

/** How long a paid term runs: a year from its start, or to the end of that calendar year. */
export const membershipTerms = { year: '一年', calendar: '至当年年底' } as const;
export type MembershipTerm = keyof typeof membershipTerms;

/** How dues were paid. Offline first; an online provider would add its own. */
export const paymentMethods = { transfer: '银行转账', cash: '现金', wechat: '微信支付', alipay: '支付宝', other: '其他' } as const;
export type PaymentMethod = keyof typeof paymentMethods;

/** A payment's state: what staff record is 'paid'; a provider callback would also use 'pending'. */
export const paymentStatuses = { paid: '已收款', pending: '待支付', void: '已作废' } as const;
export type PaymentStatus = keyof typeof paymentStatuses;

/** Renewal reminders: `before:<days>`, on the day of expiry, at the end of grace, or sent by staff (`manual:<yyyyMMdd>`). */
export type ReminderKind = `before:${number}` | 'expired' | 'lapsed' | `manual:${string}`;
export function reminderKindName(kind: string): string {
  if (kind === 'expired') return '到期提醒';
  if (kind.startsWith('manual:')) return '续费提醒';
  if (kind === 'lapsed') return '宽限期结束提醒';
  const days = /^before:(\d+)$/.exec(kind)?.[1];
  return days ? `到期前${days}天提醒` : kind;
}

export const membershipLimits = {
  /** 元: dues above this are a typing mistake, not a fee. */
  maxAmount: 1_000_000,
  maxGraceDays: 365,
  payer: 100,
  note: 500,
  receiptNo: 32,
  /** members.card_revoke_reason. */
  cardRevokeReason: 200,
  /** 收款账户: 开户名称 and 开户银行 as a bank writes them; 银行账号 with spaces between groups. */
  accountName: 100,
  bankName: 100,
  accountNo: 40,
} as const;

export const membershipMessages = {
  lapsed: '会员资格已过期，请续费后使用',
  /** ApplyMember for a level that needs no approval: a member at once. */
  admitted: '入会成功，请登录',
  suspended: '会员资格已停用，请联系协会',
  feeInvalid: '年费应为0-1000000元，最多两位小数',
  amountInvalid: '金额应为0.01-1000000元，最多两位小数',
  termInvalid: '请选择会籍期限',
  graceInvalid: '宽限期应为0-365天的整数',
  levelNotFound: '会员等级不存在',
  paidOnRequired: '请选择缴费日期',
  paidOnFuture: '缴费日期不能晚于今天',
  payerRequired: '请输入付款单位',
  methodInvalid: '请选择缴费方式',
  receiptNoInvalid: '收据编号应为1-32位字母、数字或短横线',
  receiptNoTaken: '收据编号已存在',
  voucherInvalid: '凭证文件无效，请重新上传',
  voucherMissing: '该缴费记录没有凭证',
  paymentRecorded: (termTo: string) => `已登记缴费，有效期至${termTo}`,
  paymentVoided: '已作废该缴费记录',
  voucherType: '凭证格式需为：.jpg/.jpeg/.png/.pdf',
  memberSuspended: '该会员已停用，不能登记缴费',
  notApproved: '该会员尚未通过入会审核，不能登记缴费',
  paymentNotFound: '缴费记录不存在',
  alreadyVoid: '该缴费记录已作废',
  batchNotPending: (accounts: string) => `以下账号不是待审核的申请：${accounts}`,
  batchNotMembers: (accounts: string) => `以下账号尚未入会，不能发送续费提醒：${accounts}`,
  batchDone: (action: string, count: number) => `${action}：共${count}个会员`,
  /** 发送续费提醒 with no SMTP_URL: recorded in each member's reminders as 未发送, nothing e-mailed. */
  remindedWithoutMail: (count: number) => `未配置邮件服务器，续费提醒未能发送（已为${count}个会员记录）`,
  notLatestPayment: '只能作废该会员最近一笔有效的缴费记录',
  voidReasonRequired: '请输入作废原因',
  /** The header's notice while the member is in grace. */
  graceNotice: (graceEnd: string) => `您的会员资格已到期，请于${graceEnd}前缴纳会费，逾期将暂停会员服务`,
  /** The header's notice in the last days before expiry. */
  renewSoon: (expireDate: string) => `您的会员资格将于${expireDate}到期，请及时续费`,
  /** GetMyMemberCard / GetMyMemberCredential for a card the association revoked. */
  cardRevoked: '电子会员证已被吊销，请联系协会',
  cardRevokeReasonRequired: '请输入吊销原因',
  cardRevokedDone: '已吊销该会员的电子会员证',
  cardRestored: '已恢复该会员的电子会员证',
  accountNoInvalid: '银行账号应为8-30位数字，可用空格分组',
  duesAccountIncomplete: '开户名称、开户银行和银行账号需一并填写',
  duesAccountSaved: '收款账户已保存',
} as const;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const day = optionalParam(z.string().trim().regex(dayPattern, { error: systemMessages.dateInvalid }));

/**
 * 元 with at most two decimals, within [min, max]: a JSON number or a plain decimal string
 * ("1200", "1200.50"); nothing else is read as an amount (no "0x4b0", "1e3", " 12 ").
 */
const yuan = (min: number, error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(v) ? Number(v) : v),
    z
      .number({ error })
      .refine((n) => Number.isFinite(n) && n >= min && n <= membershipLimits.maxAmount && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error }),
  );

/** 会员编号: HY and the member's id in six digits (HY000123). */
export const memberNo = (memberId: number) => `HY${String(memberId).padStart(6, '0')}`;

/** 元 → 分, exactly (0.1 + 0.2 style errors rounded away). */
export const toFen = (yuanAmount: number) => Math.round(yuanAmount * 100);
/** 分 → 元. */
export const toYuan = (fen: number) => fen / 100;
/** ¥1,234.50 as receipts and lists show it. */
export const formatYuan = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const capitalDigits = '零壹贰叁肆伍陆柒捌玖';
const capitalUnits = ['', '拾', '佰', '仟'];
const capitalGroups = ['', '万', '亿', '万亿'];

/** Whole 元 in capitals: groups of four digits, one 零 for any run of zeros between figures. */
function capitalYuan(yuanAmount: number): string {
  const digits = [...String(yuanAmount)].map(Number);
  let words = '';
  let zero = false;
  digits.forEach((digit, i) => {
    const place = digits.length - 1 - i;
    if (digit === 0) zero = words !== '';
    else {
      words += (zero ? '零' : '') + capitalDigits[digit] + capitalUnits[place % 4];
      zero = false;
    }
    // A group's name (万, 亿) follows its last digit unless the whole group was zeros.
    if (place % 4 === 0 && place > 0 && digits.slice(Math.max(0, i - 3), i + 1).some((d) => d !== 0)) words += capitalGroups[place / 4];
  });
  return words;
}

/**
 * An amount in Chinese capital numerals as receipts and cheques write it (金额大写, per the
 * 支付结算办法): 1200 元 → 壹仟贰佰元整, 1005.50 → 壹仟零伍元伍角整, 1.05 → 壹元零伍分. Takes 分.
 */
export function formatYuanInWords(fen: number): string {
  const whole = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (whole === 0 && jiao === 0 && cents === 0) return '零元整';
  const yuanWords = whole ? `${capitalYuan(whole)}元` : '';
  const jiaoWords = jiao ? `${capitalDigits[jiao]}角` : whole && cents ? '零' : '';
  return yuanWords + jiaoWords + (cents ? `${capitalDigits[cents]}分` : '整');
}

/** SaveMemberLevelTerms. Existing members keep their current 有效期至; the terms apply from their next payment. */
export const saveMemberLevelTermsBody = z.object({
  LevelId: idParam,
  AnnualFee: yuan(0, membershipMessages.feeInvalid),
  Term: z.enum(Object.keys(membershipTerms) as [MembershipTerm, ...MembershipTerm[]], { error: membershipMessages.termInvalid }),
  GraceDays: integer(membershipMessages.graceInvalid, { min: 0, max: membershipLimits.maxGraceDays }),
  NeedsApproval: boolField,
});
export type SaveMemberLevelTermsBody = z.infer<typeof saveMemberLevelTermsBody>;

/** SaveMemberPayment: staff record dues paid offline; the member's 有效期至 moves one term on. */
export const saveMemberPaymentBody = z.object({
  MemberId: idParam,
  Amount: yuan(0.01, membershipMessages.amountInvalid),
  PaidOn: z
    .string({ error: membershipMessages.paidOnRequired })
    .trim()
    .min(1, { error: membershipMessages.paidOnRequired })
    .regex(dayPattern, { error: systemMessages.dateInvalid }),
  Payer: requiredText(membershipMessages.payerRequired, '付款单位', membershipLimits.payer),
  Method: z.enum(Object.keys(paymentMethods) as [PaymentMethod, ...PaymentMethod[]], { error: membershipMessages.methodInvalid }),
  VoucherPath: z
    .string()
    .trim()
    .default('')
    .refine((p) => p === '' || uploadedPathPattern.test(p), { error: membershipMessages.voucherInvalid }),
  Note: optionalText('备注', membershipLimits.note),
  /** Blank: the next number of the year (2026-0001). A number of a paper receipt book may be given instead. */
  ReceiptNo: z
    .string()
    .trim()
    .default('')
    .refine((r) => r === '' || /^[A-Za-z0-9-]{1,32}$/.test(r), { error: membershipMessages.receiptNoInvalid }),
});
export type SaveMemberPaymentBody = z.infer<typeof saveMemberPaymentBody>;

/** An account field of SaveDuesAccount: left out, it keeps what is stored. */
const accountText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: systemMessages.tooLong(field, max) })
    .optional();

/**
 * SaveDuesAccount: the association's account members pay dues to (收款账户), stated by 如何续费
 * and the renewal reminders. All three fields or none (none: members are told to ask the
 * association); a field left out keeps its stored value.
 */
export const saveDuesAccountBody = z.object({
  AccountName: accountText('开户名称', membershipLimits.accountName),
  BankName: accountText('开户银行', membershipLimits.bankName),
  AccountNo: accountText('银行账号', membershipLimits.accountNo).refine((n) => !n || /^\d(?: ?\d){7,29}$/.test(n), {
    error: membershipMessages.accountNoInvalid,
  }),
});
export type SaveDuesAccountBody = z.infer<typeof saveDuesAccountBody>;

/** VoidMemberPayment: a payment recorded by mistake is kept, marked 已作废 with the reason. */
export const voidMemberPaymentBody = z.object({
  PaymentId: idParam,
  Reason: requiredText(membershipMessages.voidReasonRequired, '作废原因', membershipLimits.note),
});

export const memberPaymentListQuery = pagingQuery.extend({
  /** Part of the company name, account, payer or receipt number. */
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  memberid: optionalParam(idParam),
  memberlevel: optionalParam(idParam),
  method: optionalParam(z.enum(Object.keys(paymentMethods) as [PaymentMethod, ...PaymentMethod[]], { error: messages.badParameter })),
  status: optionalParam(z.enum(Object.keys(paymentStatuses) as [PaymentStatus, ...PaymentStatus[]], { error: messages.badParameter })),
  /** First and last day of payment, both included. */
  start: day,
  end: day,
});
export type MemberPaymentListQuery = z.infer<typeof memberPaymentListQuery>;

/** Bulk actions of 会员列表: each permission-checked, audited, in one transaction. */
export const memberBatchActions = { approve: '批量通过', suspend: '批量停用', level: '修改等级', remind: '发送续费提醒' } as const;
export type MemberBatchAction = keyof typeof memberBatchActions;

export const memberBatchBody = idsBody
  .extend({
    Action: z.enum(Object.keys(memberBatchActions) as [MemberBatchAction, ...MemberBatchAction[]], { error: messages.badParameter }),
    /** The new level of 'level'. */
    LevelId: optionalParam(idParam),
  })
  .refine((b) => b.Action !== 'level' || b.LevelId !== undefined, { error: membershipMessages.levelNotFound, path: ['LevelId'] });
export type MemberBatchBody = z.infer<typeof memberBatchBody>;

/**
 * RevokeMemberCard: staff revoke a member's electronic card (its verification page then says
 * 已吊销, and the member can no longer download it) or restore it. A revocation needs its reason.
 */
export const revokeMemberCardBody = z
  .object({
    MemberId: idParam,
    Revoke: booleanValue,
    Reason: optionalText('吊销原因', membershipLimits.cardRevokeReason),
  })
  .refine((b) => !b.Revoke || b.Reason !== '', { error: membershipMessages.cardRevokeReasonRequired, path: ['Reason'] });
export type RevokeMemberCardBody = z.infer<typeof revokeMemberCardBody>;

/**
 * ImportMembers: an association's member list moved from its spreadsheet (the columns of
 * ExportMemberList, read back by header). The file is multipart field `file`. Each member gets a
 * random initial password, answered to the staff (and mailed to the member when mail is
 * configured), which the member must replace at the first sign-in.
 */
export const memberImportLimits = { maxRows: 5000 } as const;

/** Days a member keeps access after 有效期至 when the level keeps no terms of its own. */
export const DEFAULT_GRACE_DAYS = 30;

/** 有效期至 of a member who never lapses, written in the import sheet and the export (a blank cell takes the level's term instead). */
export const PERMANENT_MEMBERSHIP = '长期';

export const memberImportMessages = {
  accountRepeated: (row: number) => `账号与第${row}行重复`,
  receiptRepeated: (row: number) => `收据编号与第${row}行重复`,
  companyTypeUnknown: '单位归类不存在或已停用，请先在类型管理中添加',
  levelUnknown: '会员等级不存在或已停用，请先在类型管理中添加',
  applyStateInvalid: '只能导入已通过审核的会员（审核状态为已通过或留空）',
  statusInvalid: '状态应为启用或停用（留空为启用）',
  expireBeforeJoin: '有效期至不能早于入会日期',
  paymentNeedsExpire: '登记缴费时须填写有效期至',
  amountRequired: '请填写缴费金额',
  receiptRequired: '请填写收据编号',
  /** Another import (or a payment) wrote the same account or receipt number while this one ran. */
  overlapping: '另一次导入或登记同时写入了相同的账号或收据编号，本次未导入任何会员，请刷新后重新导入',
  imported: (count: number, mailed: number) =>
    `成功导入${count}个会员。每个会员的初始密码已随机生成${mailed > 0 ? `，并已发送至${mailed}个会员的邮箱` : ''}，请下载初始密码转交会员（关闭后不能再查看）；会员首次登录须修改初始密码`,
} as const;
