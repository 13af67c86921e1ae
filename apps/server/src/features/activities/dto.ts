import type {
  ActivityDetailDto,
  ActivityListItemDto,
  ActivitySummaryDto,
  ActivityMemberDto,
  CheckInActivityDto,
  CheckInMemberDto,
  MyActivityDetailDto,
  MyActivityDto,
} from '@portal/shared';
import type { CheckInActivity, CheckInMember } from './check-in.js';
import type { MyActivity, MyActivityDetail } from './member.js';
import type { AudienceMember } from './notices.js';
import type { Activity, ActivityDetail, ActivitySummary, Attendance } from './service.js';

const toSummaryDto = (a: ActivitySummary): ActivitySummaryDto => ({
  ActivityId: a.id,
  Title: a.title,
  Place: a.place,
  StartTime: a.startTime,
  EndTime: a.endTime,
  SignUpDeadline: a.signUpDeadline,
  Capacity: a.capacity,
  SignUpCount: a.signUpCount,
  Status: a.status,
});

export const toActivityDto = (a: Activity): ActivityListItemDto => ({
  ...toSummaryDto(a),
  AudienceAll: a.audienceAll,
  IsTraining: a.isTraining,
  MemberLevels: a.memberLevels.map((l) => l.id),
  MemberLevelNames: a.memberLevels.map((l) => l.name),
  AudienceCount: a.audienceCount,
  ReadCount: a.readCount,
  ...toAttendanceDto(a.attendance),
  PublishTime: a.publishedAt,
  CreateTime: a.createdAt,
  UpdateTime: a.updatedAt,
});

export const toAttendanceDto = (a: Attendance) => ({ OfferCount: a.offerCount, CheckedInCount: a.checkedInCount, WaitlistCount: a.waitlistCount });

export const toActivityDetailDto = (a: ActivityDetail): ActivityDetailDto => ({
  ...toActivityDto(a),
  Description: a.description,
  Attachments: a.attachments,
  ConfirmHours: a.confirmHours,
  SelfCheckInStart: a.selfCheckInStart,
  SelfCheckInEnd: a.selfCheckInEnd,
  SelfCheckInRotating: a.selfCheckInRotating,
  SignUpFormId: a.signUpFormId,
  SignUpFormTitle: a.signUpFormTitle,
  SignUpFields: a.signUpColumns.map((f) => ({ Key: f.Key, Label: f.Label, Type: f.Type })),
});

export const toActivityMemberDto = (m: AudienceMember & { signUpAnswers: Record<string, string> }): ActivityMemberDto => ({
  MemberId: m.memberId,
  Account: m.account,
  MemberName: m.memberName,
  MemberLevelName: m.levelName,
  Email: m.email,
  IsRead: m.readAt !== '',
  ReadTime: m.readAt,
  RemindTime: m.remindedAt,
  IsSignedUp: m.signedUpAt !== '',
  SignUpTime: m.signedUpAt,
  MailState: m.mailState,
  MailError: m.mailError,
  MailTime: m.mailTime,
  MailRetryTime: m.mailRetryAt,
  CheckInTime: m.checkedInAt,
  WaitlistPosition: m.waitlistPosition,
  OfferUntil: m.offerUntil,
  SignUpAnswers: m.signUpAnswers,
});

export const toMyActivityDto = (a: MyActivity): MyActivityDto => ({
  ...toSummaryDto(a),
  IsRead: a.readAt !== '',
  ReadTime: a.readAt,
  RemindTime: a.remindedAt,
  IsSignedUp: a.signedUpAt !== '',
  SignUpTime: a.signedUpAt,
  CanSignUp: a.canSignUp,
  CanCancel: a.canCancel,
  NoticeTime: a.noticeAt,
  CanJoinWaitlist: a.canJoinWaitlist,
  IsWaitlisted: a.waitlistedAt !== '',
  WaitlistPosition: a.waitlistPosition,
  OfferUntil: a.offerUntil,
  IsCheckedIn: a.checkedInAt !== '',
  CheckInTime: a.checkedInAt,
});

export const toMyActivityDetailDto = (a: MyActivityDetail): MyActivityDetailDto => ({
  ...toMyActivityDto(a),
  Description: a.description,
  Attachments: a.attachments,
  CheckInToken: a.checkInToken,
  CheckInCode: a.checkInCode,
  SelfCheckInStart: a.selfCheckInStart,
  SelfCheckInEnd: a.selfCheckInEnd,
  SignUpFields: a.signUpFields,
});

export const toCheckInActivityDto = (a: CheckInActivity): CheckInActivityDto => ({
  ...toSummaryDto(a),
  ...toAttendanceDto(a.attendance),
  SelfCheckInStart: a.selfCheckInStart,
  SelfCheckInEnd: a.selfCheckInEnd,
  SelfCheckInRotating: a.selfCheckInRotating,
  SelfCheckInKey: a.selfCheckInKey,
});

export const toCheckInMemberDto = (m: CheckInMember): CheckInMemberDto => ({
  MemberId: m.memberId,
  Account: m.account,
  MemberName: m.memberName,
  Contact: m.contact,
  MemberLevelName: m.levelName,
  CheckInCode: m.checkInCode,
  SignUpTime: m.signedUpAt,
  CheckInTime: m.checkedInAt,
  CheckedInBy: m.checkedInBy,
  CheckedInByName: m.checkedInByName,
});
