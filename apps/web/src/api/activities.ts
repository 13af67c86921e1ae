import {
  calendarFileName,
  type ActivityDetailDto,
  type ActivityListItemDto,
  type ActivityMemberDto,
  type ActivityListQuery,
  type ActivityMemberListQuery,
  type ListDto,
  type MyActivityDetailDto,
  type MyActivityDto,
  type MyActivityListQuery,
  type SaveActivityBody,
  type SignUpFormOptionDto,
} from '@portal/shared';
import { call, download, exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/** Activities: the back office's 活动列表 (/api/XfSysBussiness/) and the member's 活动通知 (/api/XfWebApi/). */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';
const web = 'XfWebApi/';

export type ActivityQuery = ListQuery<ActivityListQuery>;
export type ActivityMemberFilters = ListFilters<ActivityMemberListQuery, 'activityid'>;

export const activitiesAdminApi = {
  list: (query: ActivityQuery) => get<ListDto<ActivityListItemDto>>(`${business}GetActivityList`, query, admin),
  detail: (id: number) => get<ActivityDetailDto>(`${business}GetActivity/${id}`, undefined, admin),
  /** ActivityId 0 saves a new draft; Data is the id. */
  save: (body: SaveActivityBody) => post<number>(`${business}SaveActivityDetail`, body, admin),
  /** Answers the server's 已发布，已通知N位会员 (and, without a mail server, that the notices are in-app only). */
  publish: (ActivityId: number) => call<number>({ method: 'POST', url: `${business}PublishActivity`, data: { ActivityId } }, admin).then((r) => r.Message),
  close: (ActivityId: number) => post<null>(`${business}CloseActivity`, { ActivityId }, admin),
  remove: (Ids: number[]) => post<number>(`${business}DelActivity`, { Ids }, admin),
  members: (query: ListQuery<ActivityMemberListQuery, 'activityid'>) => get<ListDto<ActivityMemberDto>>(`${business}GetActivityMemberList`, query, admin),
  /** Reminds the chosen members, or with none every unread one; answers the server's 已提醒N位会员. */
  resend: (ActivityId: number, MemberIds: number[]) =>
    call<number>({ method: 'POST', url: `${business}ResendActivityMember`, data: { ActivityId, MemberIds } }, admin).then((r) => r.Message),
  exportMembers: (filters: ActivityMemberFilters, filename: string) => exportList(`${business}ExportActivityMembers`, filename, filters),
  /** 报名签到表: the sign-ups with their check-in, then the waitlist in its order. */
  exportSignUps: (activity: ActivityListItemDto) =>
    exportList(`${business}ExportActivitySignUps`, `${activity.Title}-报名签到表.xlsx`, { activityid: activity.ActivityId }),
  calendar: (activity: ActivityListItemDto) => download(`/api/${business}GetActivityCalendar/${activity.ActivityId}`, calendarFileName(activity.Title), admin),
  /** 报名表 picker: the forms that may be a sign-up form (not anonymous), the newest 50, by part of the title. */
  signUpFormOptions: (title: string) => get<SignUpFormOptionDto[]>(`${business}GetSignUpFormOptions`, { title: title || undefined }, admin),
};

export const activitiesApi = {
  mine: (query: ListQuery<MyActivityListQuery>) => get<ListDto<MyActivityDto>>(`${web}GetMyActivityList`, query),
  unreadCount: () => get<number>(`${web}GetActivityUnreadCount`),
  /** Opening one marks it read. */
  open: (id: number) => get<MyActivityDetailDto>(`${web}GetMyActivity/${id}`),
  /** `Answers`: to the activity's sign-up form (SignUpFields), by field key, with the privacy policy version the member agreed to. */
  signUp: (ActivityId: number, Answers: Record<string, unknown> = {}, PrivacyVersion?: number) =>
    call<null>({ method: 'POST', url: `${web}SignUpActivity`, data: { ActivityId, Answers, PrivacyVersion } }).then((r) => r.Message),
  cancel: (ActivityId: number) => call<null>({ method: 'POST', url: `${web}CancelActivitySignUp`, data: { ActivityId } }).then((r) => r.Message),
  /** 加入日历: the activity's .ics, which calendar programs open. */
  calendar: (activity: Pick<MyActivityDto, 'ActivityId' | 'Title'>) =>
    download(`/api/${web}GetMyActivityCalendar/${activity.ActivityId}`, calendarFileName(activity.Title)),
};
