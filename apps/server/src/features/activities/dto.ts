import type { ActivityDetailDto, ActivityListItemDto, ActivitySummaryDto, ActivityMemberDto, MyActivityDetailDto, MyActivityDto } from '@portal/shared';
import type { MyActivity, MyActivityDetail } from './member.js';
import type { AudienceMember } from './notices.js';
import type { Activity, ActivityDetail, ActivitySummary } from './service.js';

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
  MemberLevels: a.memberLevels.map((l) => l.id),
  MemberLevelNames: a.memberLevels.map((l) => l.name),
  AudienceCount: a.audienceCount,
  ReadCount: a.readCount,
  PublishTime: a.publishedAt,
  CreateTime: a.createdAt,
  UpdateTime: a.updatedAt,
});

export const toActivityDetailDto = (a: ActivityDetail): ActivityDetailDto => ({ ...toActivityDto(a), Description: a.description, Attachments: a.attachments });

export const toActivityMemberDto = (m: AudienceMember): ActivityMemberDto => ({
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
});

export const toMyActivityDetailDto = (a: MyActivityDetail): MyActivityDetailDto => ({ ...toMyActivityDto(a), Description: a.description, Attachments: a.attachments });
