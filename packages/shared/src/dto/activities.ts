import { z } from 'zod';
import { mailStateNames } from '../schemas/activities.js';
import { keyOf } from './common.js';

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
  MemberLevels: z.array(z.int()),
  MemberLevelNames: z.array(z.string()),
  PublishTime: z.string(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
};
export type ActivityDto = z.infer<z.ZodObject<typeof activityShape>>;

/** A back-office list row: the activity with its audience's counts. */
const activityListItemShape = { ...activityShape, AudienceCount: z.int(), ReadCount: z.int() };
export const activityListItemDto = z.object(activityListItemShape).meta({ id: 'ActivityListItemDto' });
export type ActivityListItemDto = z.infer<typeof activityListItemDto>;

export const activityDetailDto = z
  .object({ ...activityListItemShape, Description: z.string(), Attachments: z.array(attachment) })
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
};
export const myActivityDto = z.object(myActivityShape).meta({ id: 'MyActivityDto' });
export type MyActivityDto = z.infer<typeof myActivityDto>;

export const myActivityDetailDto = z
  .object({ ...myActivityShape, Description: z.string(), Attachments: z.array(attachment) })
  .meta({ id: 'MyActivityDetailDto' });
export type MyActivityDetailDto = z.infer<typeof myActivityDetailDto>;
