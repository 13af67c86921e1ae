import type {
  AdminUserDto,
  AdminUserListQuery,
  ApiTokenCreatedDto,
  ApiTokenDto,
  AuditLogDto,
  AuditLogListQuery,
  LogChainCheckDto,
  CaptchaDto,
  DashboardDto,
  ListDto,
  LoginUserDto,
  MemorialDayDto,
  MemorialDayListQuery,
  RoleDto,
  SaveAdminUserBody,
  SaveApiTokenBody,
  SaveMemorialDayBody,
  SaveWorkdayBody,
  SaveRoleBody,
  SaveSystemMenuBody,
  SystemMenuDto,
  WorkdayDto,
} from '@portal/shared';
import { Code } from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { call, exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/** Back-office system calls of spec §7 (/api/XfSystemApi/), sent with the admin token. */
const base = 'XfSystemApi/';
const admin: CallOptions = { side: 'admin' };

export interface AdminLoginBody {
  Account: string;
  Password: string;
  /** The captcha answer. */
  TreeCode: string;
  /** The captcha ticket (GetCode's Url). */
  FullName: string;
}

export type AdminLoginOutcome = { token: string; ticket?: never } | { ticket: string; token?: never };

export interface PasswordChangeBody {
  Password: string;
  Newpwd: string;
  againNewpwd: string;
}

export type AdminUserQuery = ListQuery<AdminUserListQuery>;
export type AuditLogQuery = ListQuery<AuditLogListQuery>;
export type MemorialDayQuery = ListQuery<MemorialDayListQuery>;

/** 哀悼日 and 工作日历 live under /api/XfSysBussiness/ (features/site/memorial-admin.ts, features/workdays/admin.ts). */
const business = 'XfSysBussiness/';

export const systemApi = {
  /** A new captcha: the image is the envelope's Data, the ticket its top-level Url. */
  captcha: () =>
    call<string>({ method: 'GET', url: `${base}GetCode` }, admin).then((r): CaptchaDto => ({
      Data: r.Data,
      Url: (r as typeof r & { Url: string }).Url,
    })),
  /** The token; or, for an account with the second factor on (Code 512), the ticket LoginTotp takes with the code. */
  login: (body: AdminLoginBody) =>
    call<string>({ method: 'POST', url: `${base}Login`, data: body }, { ...admin, passCodes: [Code.SecondFactor] }).then((r): AdminLoginOutcome =>
      r.Code === Code.SecondFactor ? { ticket: r.Data } : { token: r.Data },
    ),
  logout: () => post<null>(`${base}Logout`, undefined, admin),
  loginUser: () => get<LoginUserDto>(`${base}GetLoginUser`, undefined, admin),
  changePassword: (body: PasswordChangeBody) => post<null>(`${base}EditAdminPwd`, body, admin),

  /** The signed-in administrator's menu tree; `all` asks for the whole tree (menu editor, role grants). */
  menus: (all = false) => get<SystemMenuDto[]>(`${base}GetSystemMenuList`, all ? { all: 1 } : undefined, admin),
  saveMenu: (menu: SaveSystemMenuBody) => post<number>(`${base}SaveSystemMenu`, menu, admin),
  deleteMenu: (id: number) => post<null>(`${base}DelSystemMenu/${id}`, undefined, admin),

  roles: (query: PageState) => get<ListDto<RoleDto>>(`${base}GetRoleList`, query, admin),
  role: (id: number) => get<RoleDto>(`${base}GetRole/${id}`, undefined, admin),
  saveRole: (role: SaveRoleBody) => post<number>(`${base}SaveRole`, role, admin),
  deleteRole: (id: number) => post<null>(`${base}DelRole/${id}`, undefined, admin),

  adminUsers: (query: AdminUserQuery) => get<ListDto<AdminUserDto>>(`${base}GetAdminUserL`, query, admin),
  saveAdminUser: (user: SaveAdminUserBody) => post<number>(`${base}SaveAdminUser`, user, admin),
  deleteAdminUser: (id: number) => post<null>(`${base}DelAdminUser/${id}`, undefined, admin),

  auditLogs: (query: AuditLogQuery) => get<ListDto<AuditLogDto>>(`${base}GetAuditLogList`, query, admin),
  exportAuditLogs: (filters: ListFilters<AuditLogListQuery>) => exportList(`${base}ExportAuditLogList`, '操作日志.xlsx', filters),
  /** 完整性校验: both logs' hash chains recomputed on the server. */
  checkLogChains: () => get<LogChainCheckDto[]>(`${base}CheckLogChains`, undefined, admin),
  dashboard: () => get<DashboardDto>(`${base}GetDashboard`, undefined, admin),

  apiTokens: (query: PageState) => get<ListDto<ApiTokenDto>>(`${base}GetApiTokenList`, query, admin),
  /** Answers the token itself, this once. */
  createApiToken: (body: SaveApiTokenBody) => post<ApiTokenCreatedDto>(`${base}SaveApiToken`, body, admin),
  revokeApiToken: (id: number) => post<null>(`${base}DelApiToken/${id}`, undefined, admin),

  memorialDays: (query: MemorialDayQuery) => get<ListDto<MemorialDayDto>>(`${business}GetMemorialDayList`, query, admin),
  saveMemorialDay: (day: SaveMemorialDayBody) => post<number>(`${business}SaveMemorialDay`, day, admin),
  deleteMemorialDay: (Id: number) => post<null>(`${business}DelMemorialDay`, { Id }, admin),

  workdays: (year: number) => get<ListDto<WorkdayDto>>(`${business}GetWorkdayList`, { year }, admin),
  saveWorkday: (day: SaveWorkdayBody) => post<number>(`${business}SaveWorkday`, day, admin),
  deleteWorkday: (Id: number) => post<null>(`${business}DelWorkday`, { Id }, admin),
};
