import { z } from 'zod';
import { numberInput } from '../constants.js';
import { activityMessages, messages, systemMessages } from '../messages/index.js';
import { boolField, idParam, integer, integerOr, isCstTime, optionalParam, pagingQuery, requiredText, saveIdField } from './common.js';
import { formAnswersField } from './forms.js';
import { optionalPrivacyVersionField } from './privacy.js';
export type {
  ActivitySummaryDto,
  ActivityDto,
  ActivityListItemDto,
  ActivityDetailDto,
  ActivityMemberDto,
  MyActivityDto,
  MyActivityDetailDto,
  CheckInActivityDto,
  CheckInMemberDto,
  SignUpFormOptionDto,
} from '../dto/activities.js';

/**
 * Activities (活动通知, issue 11): events announced to all members or to chosen member levels
 * (type list 2), with a notice per member (read, reminded, signed up) and e-mail. Spec §7 names
 * GetActivityList, GetActivity/{id}, SaveActivityDetail and ResendActivityMember; the other
 * calls are ours (docs/api.md).
 */

/** 0 草稿 (only the back office sees it), 1 已发布, 2 已关闭 (members still see it, sign-up stops). */
export const ActivityStatus = { Draft: 0, Published: 1, Closed: 2 } as const;
export type ActivityStatus = (typeof ActivityStatus)[keyof typeof ActivityStatus];
export const activityStatusNames: Record<number, string> = { 0: '草稿', 1: '已发布', 2: '已关闭' };

/**
 * An e-mail's delivery: '' none sent (no address, or notified before mail was configured),
 * inapp none because no mail server is configured (the notice is in the member area only),
 * pending, sent, failed (a retry may be scheduled).
 */
export type MailState = '' | 'inapp' | 'pending' | 'sent' | 'failed';
export const mailStateNames: Record<MailState, string> = { '': '未发送', inapp: '仅站内通知', pending: '待发送', sent: '已发送', failed: '发送失败' };

export const ACTIVITY_MAX_ATTACHMENTS = 10;

const time = (required: string) => z.string({ error: required }).trim().min(1, { error: required }).refine(isCstTime, { error: activityMessages.timeInvalid });
/** A time that may be left out ('' when absent or blank). */
const optionalTime = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: activityMessages.timeInvalid }).trim())
  .refine((t) => t === '' || isCstTime(t), { error: activityMessages.timeInvalid });

/** Hours a member promoted from the waitlist has to confirm the place held for them. */
export const ACTIVITY_CONFIRM_HOURS = { min: 1, max: 168, fallback: 24 } as const;

/**
 * 动态签到码: how long one code of a venue's rotating QR is the current one. A code is accepted in
 * its own window and the next, so one scanned as it changes still works: 30 to 60 seconds.
 */
export const VENUE_CODE_WINDOW_SECONDS = 30;

/** An attachment: a file uploaded through UploadFile and the name it is shown under. */
export const activityAttachment = z.object({
  Name: z
    .string({ error: activityMessages.attachmentInvalid })
    .trim()
    .min(1, { error: activityMessages.attachmentInvalid })
    .max(200, { error: activityMessages.attachmentInvalid }),
  Path: z
    .string({ error: activityMessages.attachmentInvalid })
    .trim()
    .regex(/^\/uploads\/[A-Za-z0-9/_-]+\.[a-z0-9]+$/i, { error: activityMessages.attachmentInvalid }),
});
export type ActivityAttachment = z.infer<typeof activityAttachment>;

/** SaveActivityDetail: ActivityId 0 creates a draft; > 0 edits, keeping status, reads and sign-ups. */
export const saveActivityBody = z
  .object({
    ActivityId: saveIdField,
    Title: requiredText(activityMessages.titleRequired, '活动标题', 200),
    /** Rich text; sanitised on the server before it is stored. */
    Description: z.string({ error: messages.badParameter }).default(''),
    Place: requiredText(activityMessages.placeRequired, '活动地点', 200),
    StartTime: time(activityMessages.startRequired),
    EndTime: time(activityMessages.endRequired),
    SignUpDeadline: time(activityMessages.deadlineRequired),
    /** 0: no limit. */
    Capacity: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      integer(activityMessages.capacityInvalid, { min: numberInput.min, max: numberInput.max }),
    ),
    /** true: every member; false: the members of MemberLevels. */
    AudienceAll: boolField,
    /** 培训活动: checked-in members get a 培训证明 rather than a 参会证明 (features/attendance-certificates). */
    IsTraining: boolField,
    MemberLevels: z.array(idParam, { error: messages.badParameter }).max(100, { error: messages.badParameter }).default([]),
    Attachments: z
      .array(activityAttachment, { error: activityMessages.attachmentInvalid })
      .max(ACTIVITY_MAX_ATTACHMENTS, { error: activityMessages.tooManyAttachments(ACTIVITY_MAX_ATTACHMENTS) })
      .default([]),
    /** Hours a member promoted from the waitlist has to confirm (default 24). */
    ConfirmHours: integerOr(ACTIVITY_CONFIRM_HOURS.fallback, activityMessages.confirmHoursInvalid, ACTIVITY_CONFIRM_HOURS),
    /** The window in which signed-up members check themselves in with the venue's QR; both '' for none. */
    SelfCheckInStart: optionalTime,
    SelfCheckInEnd: optionalTime,
    /** 动态签到码: the venue's QR changes every VENUE_CODE_WINDOW_SECONDS, so a photo of it soon stops working. */
    SelfCheckInRotating: boolField,
    /** 报名表: a form of 表单与问卷 the member fills in to sign up; 0 none. */
    SignUpFormId: saveIdField,
  })
  .refine((b) => b.EndTime >= b.StartTime, { error: activityMessages.endBeforeStart, path: ['EndTime'] })
  .refine((b) => b.SignUpDeadline <= b.StartTime, { error: activityMessages.deadlineAfterStart, path: ['SignUpDeadline'] })
  .refine((b) => b.AudienceAll || b.MemberLevels.length > 0, { error: activityMessages.audienceRequired, path: ['MemberLevels'] })
  .refine((b) => (b.SelfCheckInStart === '') === (b.SelfCheckInEnd === ''), { error: activityMessages.selfCheckInIncomplete, path: ['SelfCheckInEnd'] })
  .refine((b) => b.SelfCheckInEnd >= b.SelfCheckInStart, { error: activityMessages.selfCheckInEndBeforeStart, path: ['SelfCheckInEnd'] })
  .refine((b) => b.SelfCheckInEnd <= b.EndTime, { error: activityMessages.selfCheckInAfterEnd, path: ['SelfCheckInEnd'] });
export type SaveActivityBody = z.infer<typeof saveActivityBody>;

const day = optionalParam(
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid }),
);
const flag = optionalParam(integer(messages.badParameter, { min: 0, max: 1 }));

/** GetActivityList (back office): part of the title, status, and the days the activity starts within. */
export const activityListQuery = pagingQuery.extend({
  title: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 2 })),
  start: day,
  end: day,
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;

/** One activity's audience: read state (1 已读, 0 未读) and sign-up (1 已报名, 0 未报名). */
export const activityMemberFilter = z.object({
  activityid: idParam,
  isread: flag,
  signedup: flag,
  /** Part of the company name or account. */
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
});
export const activityMemberListQuery = pagingQuery.extend(activityMemberFilter.shape);
export type ActivityMemberFilter = z.infer<typeof activityMemberFilter>;
export type ActivityMemberListQuery = z.infer<typeof activityMemberListQuery>;

/** Publish / close one activity. */
export const activityIdBody = z.object({ ActivityId: idParam });

/** GetSignUpFormOptions: the forms an activity may name as its sign-up form, by part of the title. */
export const signUpFormOptionsQuery = z.object({ title: z.string().trim().max(50, { error: messages.keywordTooLong }).optional() });

/** SignUpActivity, JoinActivityWaitlist: the activity, and the answers to its sign-up form by field key (none without one). */
/** With a sign-up form, PrivacyVersion: the privacy policy version the member agreed to with the answers (required then). */
export const signUpActivityBody = activityIdBody.extend({ Answers: formAnswersField, PrivacyVersion: optionalPrivacyVersionField });
export type SignUpActivityBody = z.infer<typeof signUpActivityBody>;

/** ResendActivityMember: the chosen members, or without MemberIds every unread one. */
export const resendActivityBody = z.object({
  ActivityId: idParam,
  MemberIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v),
    z.array(idParam, { error: messages.badParameter }).max(10_000, { error: messages.badParameter }).default([]),
  ),
});
export type ResendActivityBody = z.infer<typeof resendActivityBody>;

/** The member area's list: all the member's notices, or only the unread ones (unread=1). */
export const myActivityListQuery = pagingQuery.extend({ unread: flag });
export type MyActivityListQuery = z.infer<typeof myActivityListQuery>;

/**
 * The 6-character check-in code printed under a member's QR: letters and digits that cannot be
 * mistaken for one another when read aloud or typed (no 0/O, 1/I/L).
 */
export const CHECK_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CHECK_IN_CODE_LENGTH = 6;
const checkInCodePattern = new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{${CHECK_IN_CODE_LENGTH}}$`);

/**
 * CheckInActivityMember: whom to check in, by exactly one of the QR's token (a scan), the
 * typed code (read case-insensitively, spaces ignored) or the member chosen from a search.
 */
export const checkInBody = z
  .object({
    ActivityId: idParam,
    Token: z.string({ error: activityMessages.checkInTokenInvalid }).trim().max(200, { error: activityMessages.checkInTokenInvalid }).default(''),
    Code: z
      .preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v), z.string({ error: activityMessages.checkInCodeFormat }))
      .refine((c) => c === '' || checkInCodePattern.test(c), { error: activityMessages.checkInCodeFormat })
      .default(''),
    MemberId: optionalParam(idParam),
  })
  .refine((b) => [b.Token !== '', b.Code !== '', b.MemberId !== undefined].filter(Boolean).length === 1, { error: activityMessages.checkInQueryRequired });
export type CheckInBody = z.infer<typeof checkInBody>;

/** One member of one activity: UndoActivityCheckIn, RemoveActivitySignUp. */
export const activityMemberBody = z.object({ ActivityId: idParam, MemberId: idParam });

/** The sign-ups of one activity at the door: part of the name, account or check-in code; 1 checked in, 0 not yet. */
export const checkInMemberListQuery = pagingQuery.extend({
  activityid: idParam,
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  checkedin: flag,
});
export type CheckInMemberListQuery = z.infer<typeof checkInMemberListQuery>;

/** SelfCheckInActivity: the key of the venue's QR. */
export const selfCheckInBody = z.object({
  ActivityId: idParam,
  Key: z
    .string({ error: activityMessages.selfCheckInKeyInvalid })
    .trim()
    .min(1, { error: activityMessages.selfCheckInKeyInvalid })
    .max(200, { error: activityMessages.selfCheckInKeyInvalid }),
});
