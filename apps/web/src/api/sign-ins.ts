import type { ListDto, LoginLogDto, OnlineSessionDto, SignInKind } from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { exportList, get, post, type CallOptions } from './client';

/** 登录日志 and 在线用户 (/api/XfSystemApi/, our additions), sent with the admin token. */
const base = 'XfSystemApi/';
const admin: CallOptions = { side: 'admin' };

export interface LoginLogQuery extends PageState {
  account?: string;
  kind?: SignInKind;
  /** 1 successes, 0 failures. */
  result?: number;
  start?: string;
  end?: string;
}

export interface OnlineSessionQuery extends PageState {
  kind: SignInKind;
  account?: string;
}

export const signInApi = {
  loginLogs: (query: LoginLogQuery) => get<ListDto<LoginLogDto>>(`${base}GetLoginLogList`, query, admin),
  exportLoginLogs: (filters: Omit<LoginLogQuery, keyof PageState>) => exportList(`${base}ExportLoginLogList`, '登录日志.xlsx', filters),
  onlineSessions: (query: OnlineSessionQuery) => get<ListDto<OnlineSessionDto>>(`${base}GetOnlineList`, query, admin),
  forceLogout: (session: Pick<OnlineSessionDto, 'Kind' | 'SessionId'>) => post<null>(`${base}ForceLogout`, { Kind: session.Kind, SessionId: session.SessionId }, admin),
};
