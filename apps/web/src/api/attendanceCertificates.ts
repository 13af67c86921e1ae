import type { AttendanceCertDto, IssuedCertsDto, ListDto } from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { call, get, post, type CallOptions } from './client';

/** 参会证明/培训证明: the back office's per activity (/api/XfSysBussiness/, activity:certify) and the member's own (/api/XfWebApi/). */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';
const web = 'XfWebApi/';

export const attendanceCertsAdminApi = {
  list: (activityid: number, page: PageState) => get<ListDto<AttendanceCertDto>>(`${business}GetActivityCertificateList`, { activityid, ...page }, admin),
  /** Answers the server's 已颁发N份证明 (…另有M位会员此前已颁发). */
  issue: (ActivityId: number) =>
    call<IssuedCertsDto>({ method: 'POST', url: `${business}IssueActivityCertificates`, data: { ActivityId } }, admin).then((r) => r.Message),
  revoke: (Id: number, Revoke: boolean) => post<AttendanceCertDto>(`${business}RevokeActivityCertificate`, { Id, Revoke }, admin),
  /** Base64 PNG. */
  image: (id: number) => get<string>(`${business}DownActivityCertificate/${id}`, undefined, admin),
};

export const attendanceCertsApi = {
  mine: () => get<AttendanceCertDto[]>(`${web}GetMyActivityCertificates`, undefined, { silent: true }),
  /** Base64 PNG; a revoked one is refused. */
  image: (id: number) => get<string>(`${web}DownMyActivityCertificate/${id}`),
};
