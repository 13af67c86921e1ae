import { z } from 'zod';
import { mailStateNames } from '../schemas/activities.js';
import { keyOf } from './common.js';
import { formFieldDto } from './forms.js';

/** What the back office and the member area both show of an activity. */
const activitySummaryShape = {
  ActivityId: z.int(),
  Title: z.string(),
  Place: z.string(),
  StartTime: z.string(),
  EndTime: z.string(),
  SignUpDeadline: z.string(),
  /** 0: no limit. */
  Capacity: z.int(),
  SignUpCount: z.int(),
  Status: z.int(),
};
export type ActivitySummaryDto = z.infer<z.ZodObject<typeof activitySummaryShape>>;

/** An attachment as uploaded through UploadFile, with the name it is shown under. */
const attachment = z.object({ Name: z.string(), Path: z.string() });

const activityShape = {
  ...activitySummaryShape,
  AudienceAll: z.boolean(),
  /** 培训活动: its attendance certificates are 培训证明. */
  IsTraining: z.boolean(),
  MemberLevels: z.array(z.int()),
  MemberLevelNames: z.array(z.string()),
  PublishTime: z.string(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
};
export type ActivityDto = z.infer<z.ZodObject<typeof activityShape>>;

/** How many came of it: places held for promoted members (counted in SignUpCount), checked in, waiting. */
const attendanceShape = {
  /** Places held for members promoted from the waitlist, not confirmed yet (part of SignUpCount). */
  OfferCount: z.int(),
  CheckedInCount: z.int(),
  /** Members on the waitlist, not yet offered a place. */
  WaitlistCount: z.int(),
};

/** A back-office list row: the activity with its audience's counts. */
const activityListItemShape = { ...activityShape, AudienceCount: z.int(), ReadCount: z.int(), ...attendanceShape };
export const activityListItemDto = z.object(activityListItemShape).meta({ id: 'ActivityListItemDto' });
export type ActivityListItemDto = z.infer<typeof activityListItemDto>;

/** A question of the activity's sign-up form, as the roster's column over its answers. */
const signUpColumn = z.object({ Key: z.string(), Label: z.string(), Type: z.string() });

/** A form the activity editor offers as the sign-up form (GetSignUpFormOptions). */
export const signUpFormOptionDto = z
  .object({
    Id: z.int(),
    Title: z.string(),
    /** form 表单, survey 问卷, vote 投票. */
    Kind: z.string(),
    /** 1 open, 0 closed: either works as a sign-up form (the activity's own rules apply). */
    Status: z.int(),
  })
  .meta({ id: 'SignUpFormOptionDto' });
export type SignUpFormOptionDto = z.infer<typeof signUpFormOptionDto>;

/** The answers of a member's sign-up as the roster and its export show them (text, by field key; a file as its link). */
const signUpAnswers = z.record(z.string(), z.string());

/** The window of self check-in with the venue's QR; both '' when there is none. */
const selfCheckInShape = { SelfCheckInStart: z.string(), SelfCheckInEnd: z.string() };

export const activityDetailDto = z
  .object({
    ...activityListItemShape,
    Description: z.string(),
    Attachments: z.array(attachment),
    /** Hours a member promoted from the waitlist has to confirm. */
    ConfirmHours: z.int(),
    ...selfCheckInShape,
    /** 动态签到码: the venue's QR changes every 30 s (GetVenueCheckInCode). */
    SelfCheckInRotating: z.boolean(),
    /** 报名表 (a form of 表单与问卷) filled in to sign up; 0 none. */
    SignUpFormId: z.int(),
    /** Its title; '' without one. */
    SignUpFormTitle: z.string(),
    /** Its questions, the roster's columns (SignUpAnswers of GetActivityMemberList); empty without one. */
    SignUpFields: z.array(signUpColumn),
  })
  .meta({ id: 'ActivityDetailDto' });
export type ActivityDetailDto = z.infer<typeof activityDetailDto>;

/** One member of an activity's audience, as the back office sees them. */
export const activityMemberDto = z
  .object({
    MemberId: z.int(),
    Account: z.string(),
    MemberName: z.string(),
    MemberLevelName: z.string(),
    Email: z.string(),
    IsRead: z.boolean(),
    ReadTime: z.string(),
    RemindTime: z.string(),
    IsSignedUp: z.boolean(),
    SignUpTime: z.string(),
    MailState: keyOf(mailStateNames),
    /** Why the last attempt failed. */
    MailError: z.string(),
    /** Sent, or the last failed attempt. */
    MailTime: z.string(),
    /** When a failed e-mail is tried again; '' when none is scheduled. */
    MailRetryTime: z.string(),
    CheckInTime: z.string(),
    /** Place on the waitlist (1 first); 0 when not waiting. */
    WaitlistPosition: z.int(),
    /** Promoted from the waitlist: the place is held until then; '' when none is held. */
    OfferUntil: z.string(),
    /** What the member answered on the sign-up form (signed up, holding a place or waiting), by field key; {} when nothing. */
    SignUpAnswers: signUpAnswers,
  })
  .meta({ id: 'ActivityMemberDto' });
export type ActivityMemberDto = z.infer<typeof activityMemberDto>;

/** An activity in the member area, with the member's own notice. */
const myActivityShape = {
  ...activitySummaryShape,
  IsRead: z.boolean(),
  ReadTime: z.string(),
  RemindTime: z.string(),
  IsSignedUp: z.boolean(),
  SignUpTime: z.string(),
  /** Sign-up (or cancelling it) is possible now: published, before the deadline, room left. */
  CanSignUp: z.boolean(),
  CanCancel: z.boolean(),
  /** When the notice arrived (publication, or the member joining the audience). */
  NoticeTime: z.string(),
  /** Full: the member may join the waitlist now. */
  CanJoinWaitlist: z.boolean(),
  /** On the waitlist, waiting or holding an offer. */
  IsWaitlisted: z.boolean(),
  /** Place on the waitlist (1 first); 0 when not waiting. */
  WaitlistPosition: z.int(),
  /** A place is held for the member until then, to confirm (ConfirmActivityPlace); '' when none. */
  OfferUntil: z.string(),
  IsCheckedIn: z.boolean(),
  CheckInTime: z.string(),
};
export const myActivityDto = z.object(myActivityShape).meta({ id: 'MyActivityDto' });
export type MyActivityDto = z.infer<typeof myActivityDto>;

export const myActivityDetailDto = z
  .object({
    ...myActivityShape,
    Description: z.string(),
    Attachments: z.array(attachment),
    /** What the member's check-in QR carries, and the code typed in its place; '' unless signed up. */
    CheckInToken: z.string(),
    CheckInCode: z.string(),
    ...selfCheckInShape,
    /** The sign-up form's fields, answered with SignUpActivity or JoinActivityWaitlist (Answers); empty when there is none. */
    SignUpFields: z.array(formFieldDto),
  })
  .meta({ id: 'MyActivityDetailDto' });
export type MyActivityDetailDto = z.infer<typeof myActivityDetailDto>;

/** An activity at the door (活动签到): its counts, polled while staff check members in, and the venue's self check-in. */
export const checkInActivityDto = z
  .object({
    ...activitySummaryShape,
    ...attendanceShape,
    ...selfCheckInShape,
    /** 动态签到码: the venue's QR changes every 30 s; its current key comes from GetVenueCheckInCode. */
    SelfCheckInRotating: z.boolean(),
    /** What the venue's QR carries for self check-in; '' when there is no window, or when it rotates. */
    SelfCheckInKey: z.string(),
  })
  .meta({ id: 'CheckInActivityDto' });
export type CheckInActivityDto = z.infer<typeof checkInActivityDto>;

/** The key the venue's rotating QR carries now (GetVenueCheckInCode), and when the next one takes its place. */
export const venueCheckInCodeDto = z
  .object({
    Key: z.string(),
    /** Milliseconds until the next key; the screen asks again then. */
    ChangesInMs: z.int(),
  })
  .meta({ id: 'VenueCheckInCodeDto' });
export type VenueCheckInCodeDto = z.infer<typeof venueCheckInCodeDto>;

/** A signed-up member at the door: who, which company, and whether (when, by whom) checked in. */
export const checkInMemberDto = z
  .object({
    MemberId: z.int(),
    Account: z.string(),
    /** The company (会员名称). */
    MemberName: z.string(),
    /** Its contact person (联络人). */
    Contact: z.string(),
    MemberLevelName: z.string(),
    CheckInCode: z.string(),
    SignUpTime: z.string(),
    CheckInTime: z.string(),
    /** The admin's account; '' for self check-in or not checked in. */
    CheckedInBy: z.string(),
    /** That admin's name (shown; the account goes in a tooltip); '' as CheckedInBy, or for a removed admin. */
    CheckedInByName: z.string(),
  })
  .meta({ id: 'CheckInMemberDto' });
export type CheckInMemberDto = z.infer<typeof checkInMemberDto>;
