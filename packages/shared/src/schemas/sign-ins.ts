import { z } from 'zod';
import { messages } from '../messages.js';
import { idParam, integer, optionalParam, pagingQuery } from './common.js';
import { auditLogListQuery } from './system.js';

/**
 * 登录日志 and 在线用户 (our addition, 等保 2.0): every sign-in attempt of the back office and of
 * members, and the live sessions of both, which an administrator may end (强制下线).
 */

/** Who signs in: the back office (Login) or a member (GetLoginToken). */
export const signInKinds = { admin: '后台', member: '会员' } as const;
export type SignInKind = keyof typeof signInKinds;
const kind = z.enum(['admin', 'member'], { error: messages.badParameter });

export interface LoginLogDto {
  Id: number;
  Kind: SignInKind;
  /** 后台 or 会员. */
  KindName: string;
  /** The account as typed: it may not exist. */
  Account: string;
  /** 1 success, 0 failure. */
  Result: number;
  /** Why it failed, or what a success opened (an applicant's application token). */
  Detail: string;
  Ip: string;
  /** The browser's User-Agent, cut to 300 characters, control characters removed. */
  UserAgent: string;
  CreateTime: string;
}

export const loginLogListQuery = auditLogListQuery.omit({ action: true }).extend({
  kind: optionalParam(kind),
  /** 1 successes, 0 failures. */
  result: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});

/** A member session's scope as 在线用户 names it (features/members/sessions.ts). */
export const memberSessionScopes: Record<string, string> = { member: '会员', application: '入会申请' };

export interface OnlineSessionDto {
  SessionId: number;
  Kind: SignInKind;
  Account: string;
  /** An admin's full name, a member's company name. */
  Name: string;
  /** An admin's role; a member's session scope (会员, 入会申请). */
  RoleName: string;
  Ip: string;
  UserAgent: string;
  LoginTime: string;
  LastActiveTime: string;
  ExpireTime: string;
  /** The caller's own session (ended by 退出登录, not from this list). */
  Current: boolean;
}

export const onlineSessionListQuery = pagingQuery.extend({
  kind: kind.default('admin'),
  /** Part of the account. */
  account: z.string().trim().optional(),
});

/** POST ForceLogout: ends one live session. */
export const forceLogoutBody = z.object({
  Kind: kind,
  SessionId: idParam,
});
