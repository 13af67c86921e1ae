import type { ListDto, LoginLogDto, LoginLogListQuery, OnlineSessionDto, OnlineSessionListQuery } from '@portal/shared';
import { exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';

/** 登录日志 and 在线用户 (/api/XfSystemApi/, our additions), sent with the admin token. */
const base = 'XfSystemApi/';
const admin: CallOptions = { side: 'admin' };

export type LoginLogQuery = ListQuery<LoginLogListQuery>;
export type OnlineSessionQuery = ListQuery<OnlineSessionListQuery, 'kind'>;

export const signInApi = {
  loginLogs: (query: LoginLogQuery) => get<ListDto<LoginLogDto>>(`${base}GetLoginLogList`, query, admin),
  exportLoginLogs: (filters: ListFilters<LoginLogListQuery>) => exportList(`${base}ExportLoginLogList`, '登录日志.xlsx', filters),
  onlineSessions: (query: OnlineSessionQuery) => get<ListDto<OnlineSessionDto>>(`${base}GetOnlineList`, query, admin),
  forceLogout: (session: Pick<OnlineSessionDto, 'Kind' | 'SessionId'>) =>
    post<null>(`${base}ForceLogout`, { Kind: session.Kind, SessionId: session.SessionId }, admin),
};
