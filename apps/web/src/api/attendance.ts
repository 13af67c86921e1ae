import { Code, type CheckInActivityDto, type CheckInMemberDto, type CheckInMemberListQuery, type ListDto, type VenueCheckInCodeDto } from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { call, get, post, type CallOptions, type Envelope } from './client';
import type { ListQuery } from './list-query';

/**
 * An activity's attendance: the back office's 活动签到 (/api/XfSysBussiness/) and the member's
 * waitlist and self check-in (/api/XfWebApi/).
 */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';
const web = 'XfWebApi/';

/** Whom a check-in names: the scanned QR's token, the typed code, or a member picked from the list. */
export type CheckInPass = { Token: string } | { Code: string } | { MemberId: number };

export type CheckInMemberQuery = ListQuery<CheckInMemberListQuery, 'activityid'>;

/**
 * A door's answer as the page shows it: checked in now (Code 200), already (409, with the
 * member and the first time) or refused with the reason (no member). Nothing is toasted: the
 * page shows every answer in its own place, big enough to read at arm's length.
 */
export interface CheckInOutcome {
  code: number;
  message: string;
  member: CheckInMemberDto | null;
}

const outcome = (answer: Envelope<CheckInMemberDto | null>): CheckInOutcome => ({ code: answer.Code, message: answer.Message, member: answer.Data });

/** Calls whose refusals the page shows itself; Code 409 (already checked in) comes back as an answer. */
const shownByThePage = (side: CallOptions['side']): CallOptions => ({ side, silent: true, passCodes: [Code.Conflict, Code.BadRequest, Code.NotFound] });

export const attendanceAdminApi = {
  activities: (query: PageState) => get<ListDto<CheckInActivityDto>>(`${business}GetCheckInActivityList`, query, admin),
  /** `background`: a poll of the open page (admin/shared/polling.ts), which keeps no session alive. */
  activity: (id: number, { background }: Pick<CallOptions, 'background'> = {}) =>
    get<CheckInActivityDto>(`${business}GetCheckInActivity/${id}`, undefined, { ...admin, background }),
  /** 动态签到码: the key the venue's QR carries now; asked again, in the background, as each one changes. */
  venueCode: (id: number, { background }: Pick<CallOptions, 'background'> = {}) =>
    get<VenueCheckInCodeDto>(`${business}GetVenueCheckInCode/${id}`, undefined, { ...admin, background }),
  members: (query: CheckInMemberQuery, { background }: Pick<CallOptions, 'background'> = {}) =>
    get<ListDto<CheckInMemberDto>>(`${business}GetCheckInMemberList`, query, { ...admin, background }),
  checkIn: (ActivityId: number, pass: CheckInPass) =>
    call<CheckInMemberDto | null>({ method: 'POST', url: `${business}CheckInActivityMember`, data: { ActivityId, ...pass } }, shownByThePage('admin')).then(
      outcome,
    ),
  undo: (ActivityId: number, MemberId: number) => post<CheckInMemberDto>(`${business}UndoActivityCheckIn`, { ActivityId, MemberId }, admin),
  /** Takes the member off the activity (sign-up, held place or waitlist); the place passes to the waitlist. */
  remove: (ActivityId: number, MemberId: number) =>
    call<null>({ method: 'POST', url: `${business}RemoveActivitySignUp`, data: { ActivityId, MemberId } }, admin).then((r) => r.Message),
};

/** The member's calls answer the server's words (已加入候补名单，当前排第N位 …) for the page to show. */
const said = (url: string, ActivityId: number, more: Record<string, unknown> = {}) =>
  call<unknown>({ method: 'POST', url: `${web}${url}`, data: { ActivityId, ...more } }).then((r) => r.Message);

export const attendanceApi = {
  /** `Answers`: to the activity's sign-up form, given when joining (a place offered later is confirmed in one step). */
  /** With a sign-up form, its answers and the privacy policy version the member agreed to. */
  joinWaitlist: (ActivityId: number, Answers: Record<string, unknown> = {}, PrivacyVersion?: number) =>
    said('JoinActivityWaitlist', ActivityId, { Answers, PrivacyVersion }),
  leaveWaitlist: (ActivityId: number) => said('LeaveActivityWaitlist', ActivityId),
  confirmPlace: (ActivityId: number) => said('ConfirmActivityPlace', ActivityId),
  /** Self check-in with the venue's QR: checked in (Data the time), already (409) or refused, shown by the page. */
  selfCheckIn: (ActivityId: number, Key: string) =>
    call<string | null>({ method: 'POST', url: `${web}SelfCheckInActivity`, data: { ActivityId, Key } }, shownByThePage('member')),
};
