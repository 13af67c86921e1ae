import { z } from 'zod';
import { MembershipState, membershipTerms, paymentMethods, paymentStatuses } from '../schemas/membership.js';
import { codeOf, keyOf } from './common.js';

/** A level of type list 2 with its membership terms (GetMemberLevelTerms). */
export const memberLevelTermsDto = z
  .object({
    LevelId: z.int(),
    LevelName: z.string(),
    /** The type-list entry's own switch (1 enabled). */
    Status: z.int(),
    /** 年费, 元. */
    AnnualFee: z.number(),
    Term: keyOf(membershipTerms),
    TermName: z.string(),
    GraceDays: z.int(),
    /** Whether an application for this level waits for review (the default) or is admitted at once. */
    NeedsApproval: z.boolean(),
    /** Members holding the level. */
    MemberCount: z.int(),
  })
  .meta({ id: 'MemberLevelTermsDto' });
export type MemberLevelTermsDto = z.infer<typeof memberLevelTermsDto>;

/** The association's account for dues (收款账户, GetDuesAccount); all '' until staff set it. */
export const duesAccountDto = z
  .object({
    /** 开户名称 (the payee). */
    AccountName: z.string(),
    /** 开户银行. */
    BankName: z.string(),
    /** 银行账号, as staff grouped it. */
    AccountNo: z.string(),
  })
  .meta({ id: 'DuesAccountDto' });
export type DuesAccountDto = z.infer<typeof duesAccountDto>;

/** A member's standing as the member area and the back office show it (GetMyMembership, GetMembership/{id}). */
export const membershipDto = z
  .object({
    MemberId: z.int(),
    /** 会员编号, e.g. HY000123. */
    MemberNo: z.string(),
    MemberName: z.string(),
    LevelId: z.int(),
    LevelName: z.string(),
    AnnualFee: z.number(),
    Term: keyOf(membershipTerms),
    TermName: z.string(),
    GraceDays: z.int(),
    State: codeOf(MembershipState),
    StateName: z.string(),
    /** yyyy-MM-dd or ''. */
    JoinDate: z.string(),
    /** yyyy-MM-dd; '' is a membership without an end (recorded before terms were kept). */
    ExpireDate: z.string(),
    /** The last day of grace, yyyy-MM-dd; '' without an end date. */
    GraceEndDate: z.string(),
    /** What the header shows the member ('' for nothing). */
    Notice: z.string(),
    /** When staff revoked the electronic membership card; '' while it stands. */
    CardRevokedAt: z.string(),
    /** The term a payment recorded today would pay for (yyyy-MM-dd); '' for a level without dues. */
    RenewalFrom: z.string(),
    RenewalTo: z.string(),
    /** Where dues are paid (如何续费); its fields '' while the association has not set it. */
    DuesAccount: duesAccountDto,
  })
  .meta({ id: 'MembershipDto' });
export type MembershipDto = z.infer<typeof membershipDto>;

/** A dues payment (GetMemberPaymentList, GetMemberPayment/{id}: the receipt's content). */
export const memberPaymentDto = z
  .object({
    PaymentId: z.int(),
    /** 收据编号. */
    ReceiptNo: z.string(),
    MemberId: z.int(),
    Account: z.string(),
    MemberName: z.string(),
    MemberNo: z.string(),
    LevelId: z.int(),
    LevelName: z.string(),
    /** 元. */
    Amount: z.number(),
    /** yyyy-MM-dd. */
    PaidOn: z.string(),
    Payer: z.string(),
    Method: keyOf(paymentMethods),
    MethodName: z.string(),
    /** The uploaded voucher as stored, and where to open it ('' without one). */
    VoucherPath: z.string(),
    VoucherUrl: z.string(),
    Note: z.string(),
    /** The term this payment paid for. */
    TermFrom: z.string(),
    TermTo: z.string(),
    /** 'offline' for what staff record; an online provider's name otherwise. */
    Provider: z.string(),
    TransactionId: z.string(),
    Status: keyOf(paymentStatuses),
    StatusName: z.string(),
    VoidReason: z.string(),
    /** The account of the staff member who recorded it. */
    RecordedBy: z.string(),
    /** 收款人 on the receipt: that staff member's name (their account when they have none). */
    Cashier: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'MemberPaymentDto' });
export type MemberPaymentDto = z.infer<typeof memberPaymentDto>;

/** A receipt as its member sees it (GetMyPaymentList, GetMyPayment/{id}): what the receipt prints, no staff accounts or vouchers. */
export const memberReceiptDto = memberPaymentDto
  .pick({
    PaymentId: true,
    ReceiptNo: true,
    MemberName: true,
    MemberNo: true,
    LevelName: true,
    Amount: true,
    PaidOn: true,
    Payer: true,
    Method: true,
    MethodName: true,
    Note: true,
    TermFrom: true,
    TermTo: true,
    Status: true,
    StatusName: true,
    Cashier: true,
  })
  .meta({ id: 'MemberReceiptDto' });
export type MemberReceiptDto = z.infer<typeof memberReceiptDto>;

/** GetMembershipSummary: the workbench's dues per year and level, and members per state. */
export const membershipSummaryDto = z
  .object({
    Year: z.int(),
    Levels: z.array(z.object({ LevelId: z.int(), LevelName: z.string(), Payments: z.int(), Amount: z.number() })),
    Payments: z.int(),
    Amount: z.number(),
    States: z.array(z.object({ State: codeOf(MembershipState), StateName: z.string(), Members: z.int() })),
  })
  .meta({ id: 'MembershipSummaryDto' });
export type MembershipSummaryDto = z.infer<typeof membershipSummaryDto>;

/** A renewal reminder of a member (GetMemberReminders/{id}). */
export const membershipReminderDto = z
  .object({
    Kind: z.string(),
    KindName: z.string(),
    /** The 有效期至 the reminder was about. */
    TermEnd: z.string(),
    /** Where the e-mail stands: 'pending' | 'sent' | 'failed'; 'none' when it could not be sent (no SMTP, no address). */
    MailState: z.string(),
    Recipient: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'MembershipReminderDto' });
export type MembershipReminderDto = z.infer<typeof membershipReminderDto>;

/**
 * ImportMembers' answer: how many, and each imported member's random initial password, shown to
 * the staff this once (it is stored only hashed) to hand over; the member must replace it at
 * the first sign-in. Refused: Code 400 with Data.Errors, each { Row, Column, Message } as ImportCerts.
 */
export const memberImportResultDto = z
  .object({
    Imported: z.int(),
    Accounts: z.array(
      z.object({
        /** The sheet's row number. */
        Row: z.int(),
        Account: z.string(),
        MemberName: z.string(),
        Email: z.string(),
        /** The initial password. */
        Password: z.string(),
        /** Whether an e-mail with it was queued (SMTP_URL configured). */
        Mailed: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'MemberImportResultDto' });
export type MemberImportResultDto = z.infer<typeof memberImportResultDto>;
