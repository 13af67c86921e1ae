import { z } from 'zod';
import { messages } from '../messages/index.js';
import { idParam, integer, optionalParam, pagingQuery } from './common.js';
import { auditLogListQuery } from './system.js';
export type { LoginLogDto, OnlineSessionDto } from '../dto/sign-ins.js';

/**
 * 登录日志 and 在线用户 (our addition, 等保 2.0): every sign-in attempt of the back office and of
 * members, and the live sessions of both, which an administrator may end (强制下线).
 */

/** Who signs in: the back office (Login) or a member (GetLoginToken). */
export const signInKinds = { admin: '后台', member: '会员' } as const;
export type SignInKind = keyof typeof signInKinds;
const kind = z.enum(['admin', 'member'], { error: messages.badParameter });

export const loginLogListQuery = auditLogListQuery.omit({ action: true }).extend({
  kind: optionalParam(kind),
  /** 1 successes, 0 failures. */
  result: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});
export type LoginLogListQuery = z.infer<typeof loginLogListQuery>;

/** A member session's scope as 在线用户 names it (features/members/sessions.ts). */
export const memberSessionScopes: Record<string, string> = { member: '会员', application: '入会申请' };

export const onlineSessionListQuery = pagingQuery.extend({
  kind: kind.default('admin'),
  /** Part of the account. */
  account: z.string().trim().optional(),
});
export type OnlineSessionListQuery = z.infer<typeof onlineSessionListQuery>;

/** POST ForceLogout: ends one live session. */
export const forceLogoutBody = z.object({
  Kind: kind,
  SessionId: idParam,
});
