import { z } from 'zod';
import { numberInput } from '../constants.js';
import { memberMessages, messages, systemMessages } from '../messages/index.js';
import { newPassword, passwordLength, passwordPolicy, typedPassword, withoutAccount, withPasswordPolicy } from '../password-policy.js';
import { adminAccountPattern } from './system.js';
import { directoryChoiceFields } from './directory.js';
import { optionalPrivacyVersionField } from './privacy.js';
import { idParam, integer, integerOr, landlinePattern, mobilePattern, optionalParam, pagingQuery } from './common.js';
export type { MemberProfileDto, MemberListItemDto, MemberModelDto, ProcessItemDto, ProposeDto } from '../dto/members.js';

/**
 * Wire shapes and forms of the member area (spec §3 Member, §5 membership application, member
 * profile, password change and suggestion box) and of their back-office calls. The server
 * validates with these; the web forms reuse them, so both give the spec's messages.
 */

/** Where a membership application stands (spec §4; the spec shows only the rejected state). */
export const ApplyState = { UnderReview: 0, Approved: 1, Rejected: 2 } as const;
export type ApplyState = (typeof ApplyState)[keyof typeof ApplyState];
export const applyStateNames: Record<ApplyState, string> = { 0: '审核中', 1: '已通过', 2: '未通过' };

/** An account's own switch, apart from its application: a disabled member cannot sign in. */
export const MemberStatus = { Disabled: 0, Enabled: 1 } as const;
export const memberStatusNames: Record<number, string> = { 0: '停用', 1: '启用' };

/** What a review-process item records: the applicant's (re)submission or a reviewer's decision. */
export const ProcessDecision = { Submitted: 0, Approved: 1, Rejected: 2 } as const;
export type ProcessDecision = (typeof ProcessDecision)[keyof typeof ProcessDecision];
export const processDecisionNames: Record<ProcessDecision, string> = { 0: '提交申请', 1: '审核通过', 2: '审核不通过' };

/** Limits of the member texts (characters). */
export const memberLimits = {
  memberName: 100,
  legalPerson: 50,
  email: 100,
  companyMent: 50,
  mainbusiness: 500,
  regAddress: 200,
  dailyOperator: 50,
  remarks: 500,
  reason: 200,
  remark: 500,
  proposeContent: 1000,
} as const;

/** A plain e-mail address: something@domain.tld, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A file UploadFile stored (`/uploads/yyyyMM/<random>.<ext>`); nothing else is an attachment. */
/** A stored upload: public ('/uploads/…') or, for application papers, private ('/private/…'). */
export const uploadedPathPattern = /^\/(?:uploads|private)\/\d{6}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

const requiredText = (required: string, field: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: systemMessages.tooLong(field, max) });
const optionalText = (field: string, max: number) =>
  z
    .string({ error: messages.badParameter })
    .trim()
    .max(max, { error: systemMessages.tooLong(field, max) });
/** A type list entry chosen in a select: a positive id; anything else counts as not chosen. */
const typeChoice = (required: string) => integer(required, { min: 1, max: 2_147_483_647 });
const email = requiredText(messages.emailRequired, '邮箱', memberLimits.email).regex(emailPattern, { error: memberMessages.emailInvalid });
/** Spec §5: an 11-digit mobile (1, then 3–9) or a landline with optional area code and extension. */
const phone = (required: string) =>
  requiredText(required, '电话', 30).refine((p) => mobilePattern.test(p) || landlinePattern.test(p), { error: messages.phoneInvalid });
const account = requiredText(messages.accountRequired, '账号', 32).regex(adminAccountPattern, { error: systemMessages.accountInvalid });
const filePath = z
  .string({ error: memberMessages.filePathInvalid })
  .trim()
  .refine((p) => p === '' || uploadedPathPattern.test(p), { error: memberMessages.filePathInvalid })
  .default('');
/** Spec §5 back-office numbers: integers 0–999999. */
const count = (field: string) => integerOr(0, memberMessages.numberInvalid(field), { min: numberInput.min, max: numberInput.max });
const date = z
  .string({ error: systemMessages.dateInvalid })
  .trim()
  .refine((d) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d), { error: systemMessages.dateInvalid })
  .default('');

/** The optional company details of an application and a profile. */
const details = {
  CompanyMent: optionalText('单位性质', memberLimits.companyMent),
  Mainbusiness: optionalText('主营业务', memberLimits.mainbusiness),
  RegAddress: optionalText('注册地址', memberLimits.regAddress),
  DailyOperator: optionalText('联络人', memberLimits.dailyOperator),
  Remarks: optionalText('备注', memberLimits.remarks),
};
const withDefaults = <T extends Record<string, z.ZodString>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.default('')])) as { [K in keyof T]: z.ZodDefault<T[K]> };

/** GetLoginToken (docs/api.md): str1 account, str2 password, as query (GET) or JSON body (POST). */
export const memberLoginForm = z.object({
  str1: requiredText(messages.accountRequired, '账号', 32),
  // Any password the policy ever allowed signs in; longer is no password of ours.
  str2: typedPassword(messages.passwordRequired).refine((p) => passwordLength(p) <= passwordPolicy.maxLength, { error: systemMessages.loginFailed }),
});

/**
 * ApplyMember (spec §5), fields in the order the spec lists its messages so the first problem
 * reported is the first one on the form. A resubmission (with the application token) keeps its
 * Account and sets the password to Pwd.
 */
export const applyMemberForm = withoutAccount(
  z.object({
    CompanyType: typeChoice(messages.companyTypeRequired),
    MemberLevel: typeChoice(messages.memberLevelRequired),
    LegalPerson: requiredText(messages.legalPersonRequired, '负责人', memberLimits.legalPerson),
    Account: account,
    Pwd: newPassword(messages.passwordRequired),
    MemberName: requiredText(messages.companyNameRequired, '公司名称', memberLimits.memberName),
    Email: email,
    OperatorPhone: phone(messages.phoneRequired),
    ...withDefaults(details),
    FilePath: filePath,
    PrivacyVersion: optionalPrivacyVersionField,
  }),
  'Pwd',
  'Account',
);
export type ApplyMemberForm = z.infer<typeof applyMemberForm>;

/**
 * EditMember: the member's own profile. Account, MemberName, CompanyType and MemberLevel are
 * the association's to change and are ignored if sent; a detail left out keeps its value.
 */
export const editMemberForm = z.object({
  DailyOperator: requiredText(messages.contactRequired, '联络人', memberLimits.dailyOperator),
  OperatorPhone: phone(messages.contactPhoneRequired),
  LegalPerson: requiredText(messages.legalPersonRequired, '负责人', memberLimits.legalPerson).optional(),
  Email: email.optional(),
  CompanyMent: details.CompanyMent.optional(),
  Mainbusiness: details.Mainbusiness.optional(),
  RegAddress: details.RegAddress.optional(),
  Remarks: details.Remarks.optional(),
  ...directoryChoiceFields,
});
export type EditMemberForm = z.infer<typeof editMemberForm>;

const sameNewPassword = { error: messages.passwordMismatch, path: ['againNewpwd'] };

/** EditMemberPwd on the wire: spec §7 sends Pwd and Newpwd; againNewpwd, when sent, must match. */
export const editMemberPwdBody = z
  .object({
    Pwd: typedPassword(messages.oldPasswordRequired),
    Newpwd: newPassword(messages.newPasswordRequired),
    againNewpwd: z.string({ error: messages.passwordMismatch }).optional(),
  })
  .refine((b) => b.againNewpwd === undefined || b.againNewpwd === b.Newpwd, sameNewPassword);

/**
 * The password dialog (spec §5): all three fields required. Account is the member's own, there
 * only for the form to refuse a new password holding it at once (the call does not send it: the
 * server knows the account from the session).
 */
export const editMemberPwdForm = withoutAccount(
  z.object({
    Pwd: typedPassword(messages.oldPasswordRequired),
    Newpwd: newPassword(messages.newPasswordRequired),
    againNewpwd: typedPassword(messages.confirmPasswordRequired),
    Account: z.string().default(''),
  }),
  'Newpwd',
  'Account',
).refine((b) => b.againNewpwd === b.Newpwd, sameNewPassword);

/** SavePropose (spec §5 suggestion box). */
export const saveProposeForm = z.object({
  Mobile: z
    .string({ error: messages.mobileRequired })
    .trim()
    .min(1, { error: messages.mobileRequired })
    .regex(mobilePattern, { error: messages.mobileInvalid }),
  ProposeContent: requiredText(messages.proposeRequired, '建议留言', memberLimits.proposeContent),
  PrivacyVersion: optionalPrivacyVersionField,
});

/**
 * EditMemberInfo (back office): MemberId 0 adds an approved member (Account and Pwd required),
 * otherwise edits one; there Account is fixed and a non-empty Pwd resets the password.
 */
export const editMemberInfoBody = withoutAccount(
  z
    .object({
      MemberId: integerOr(0, messages.badParameter, { min: 0 }),
      CompanyType: typeChoice(messages.companyTypeRequired),
      MemberLevel: typeChoice(messages.memberLevelRequired),
      LegalPerson: requiredText(messages.legalPersonRequired, '负责人', memberLimits.legalPerson),
      Account: z.string({ error: messages.accountRequired }).trim().default(''),
      Pwd: withPasswordPolicy(z.string({ error: messages.passwordRequired })).default(''),
      MemberName: requiredText(messages.companyNameRequired, '公司名称', memberLimits.memberName),
      Email: email,
      OperatorPhone: phone(messages.phoneRequired),
      ...withDefaults(details),
      FilePath: filePath,
      RegCapital: count('注册资本'),
      StaffCount: count('职工人数'),
      JoinDate: date,
      ExpireDate: date,
      // Staff may list or unlist a member in 会员名录 (a member's own choice otherwise).
      ...directoryChoiceFields,
    })
    .superRefine((b, ctx) => {
      if (b.MemberId !== 0) return;
      if (!b.Account) ctx.addIssue({ code: 'custom', message: messages.accountRequired, path: ['Account'] });
      else if (!adminAccountPattern.test(b.Account)) ctx.addIssue({ code: 'custom', message: systemMessages.accountInvalid, path: ['Account'] });
      if (!b.Pwd) ctx.addIssue({ code: 'custom', message: messages.passwordRequired, path: ['Pwd'] });
    }),
  'Pwd',
  'Account',
);
export type EditMemberInfoBody = z.infer<typeof editMemberInfoBody>;

/** SaveApplyAudit: approve (ApplyState 1) or reject (2, with the reason the applicant is shown). */
export const saveApplyAuditBody = z
  .object({
    MemberId: idParam,
    ApplyState: integer(memberMessages.decisionRequired).pipe(z.union([z.literal(1), z.literal(2)], { error: memberMessages.decisionRequired })),
    ProcessItemName: optionalText('审核意见', memberLimits.reason).default(''),
    Remark: optionalText('备注', memberLimits.remark).default(''),
  })
  .refine((b) => b.ApplyState !== ApplyState.Rejected || b.ProcessItemName !== '', { error: memberMessages.reasonRequired, path: ['ProcessItemName'] });

/** EditMemberStatus: 1 enables, 0 disables (the member's sessions end at once). */
export const editMemberStatusBody = z.object({
  MemberId: idParam,
  Status: integer(systemMessages.statusInvalid).pipe(z.union([z.literal(0), z.literal(1)], { error: systemMessages.statusInvalid })),
});

/** SaveProcessItem: the reviewers' note on one process item (its decision and reason stay as made). */
export const saveProcessItemBody = z.object({
  ProcessItemId: idParam,
  Remark: optionalText('备注', memberLimits.remark).default(''),
});

const day = optionalParam(
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid }),
);
const flagParam = optionalParam(integer(messages.badParameter, { min: 0, max: 1 }));

export const memberListQuery = pagingQuery.extend({
  /** Part of the company name or account. */
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  applystate: optionalParam(integer(messages.badParameter, { min: 0, max: 2 })),
  status: flagParam,
  companytype: optionalParam(idParam),
  memberlevel: optionalParam(idParam),
  /** 会籍状态 (MembershipState: 1 有效, 2 宽限期, 3 已过期, 4 已停用). */
  membershipstate: optionalParam(integer(messages.badParameter, { min: 1, max: 4 })),
  /** First and last CST day of the (last) application, both included. */
  start: day,
  end: day,
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const processListQuery = pagingQuery.extend({
  memberid: optionalParam(idParam),
  decision: optionalParam(integer(messages.badParameter, { min: 0, max: 2 })),
  /** Part of the company name or account. */
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  start: day,
  end: day,
});
export type ProcessListQuery = z.infer<typeof processListQuery>;

export const proposeListQuery = pagingQuery.extend({
  /** Part of the phone number or the message. */
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  /** 1 read, 0 unread. */
  isread: flagParam,
  start: day,
  end: day,
});
export type ProposeListQuery = z.infer<typeof proposeListQuery>;

/** Several records at once (DelWebPropose, MarkProposeRead): `Ids` as an array or "1,2,3". */
export const idsBody = z.object({
  Ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v),
    z.array(idParam, { error: memberMessages.idsRequired }).min(1, { error: memberMessages.idsRequired }).max(1000, { error: messages.badParameter }),
  ),
});
