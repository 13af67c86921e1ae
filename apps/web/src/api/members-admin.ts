import type {
  EditMemberInfoBody,
  ListDto,
  MemberBatchAction,
  MemberListItemDto,
  MemberListQuery,
  MemberModelDto,
  MembershipReminderDto,
  ProcessItemDto,
  ProposeDto,
  ProposeListQuery,
} from '@portal/shared';
import { call, exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/** Back-office member calls of spec §7 (/api/XfSysBussiness/): members, application review, suggestions. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type MemberQuery = ListQuery<MemberListQuery>;
export type ProposeQuery = ListQuery<ProposeListQuery>;

export interface ApplyAuditBody {
  MemberId: number;
  /** 1 approve, 2 reject. */
  ApplyState: 1 | 2;
  /** The reason the applicant is shown; required to reject. */
  ProcessItemName: string;
}

export const membersAdminApi = {
  members: (query: MemberQuery) => get<ListDto<MemberListItemDto>>(`${base}GetMemberList`, query, admin),
  exportMembers: (filters: ListFilters<MemberListQuery>) => exportList(`${base}ExportMemberList`, '会员列表.xlsx', filters),
  member: (id: number) => get<MemberModelDto>(`${base}GetMemberModel/${id}`, undefined, admin),
  /** MemberId 0 adds an approved member; Data is its id. */
  saveMember: (body: EditMemberInfoBody) => post<number>(`${base}EditMemberInfo`, body, admin),
  setStatus: (MemberId: number, Status: 0 | 1) => post<null>(`${base}EditMemberStatus`, { MemberId, Status }, admin),
  review: (body: ApplyAuditBody) => post<null>(`${base}SaveApplyAudit`, body, admin),
  /** A member's review history, newest first. */
  history: (memberId: number) => get<ProcessItemDto[]>(`${base}GetMemberProcessList/${memberId}`, undefined, admin),
  /** Bulk actions of 会员列表 (LevelId for 'level'); answers the server's words (批量通过：共2个会员). */
  batch: (Ids: number[], Action: MemberBatchAction, LevelId?: number) =>
    call<number>({ method: 'POST', url: `${base}MemberBatch`, data: { Ids, Action, LevelId } }, admin).then((r) => r.Message),

  /** The renewal reminders sent to a member, newest first, with the e-mail's state. */
  reminders: (memberId: number) => get<MembershipReminderDto[]>(`${base}GetMemberReminders/${memberId}`, undefined, admin),
  /** 吊销 (Revoke true, with the reason) or 恢复 the member's electronic membership card. */
  revokeCard: (MemberId: number, Revoke: boolean, Reason: string) =>
    call<null>({ method: 'POST', url: `${base}RevokeMemberCard`, data: { MemberId, Revoke, Reason } }, admin).then((r) => r.Message),

  proposals: (query: ProposeQuery) => get<ListDto<ProposeDto>>(`${base}GetWebProposeList`, query, admin),
  exportProposals: (filters: ListFilters<ProposeListQuery>) => exportList(`${base}ExportWebProposeList`, '建议留言.xlsx', filters),
  markRead: (Ids: number[]) => post<number>(`${base}MarkProposeRead`, { Ids }, admin),
  deleteProposals: (Ids: number[]) => post<number>(`${base}DelWebPropose`, { Ids }, admin),
};
