import { systemMessages, type OnlineSessionListQuery, type PagingQuery, type SignInKind } from '@portal/shared';
import type { Services } from '../../../http/app-types.js';
import { badRequest } from '../../../http/envelope.js';
import { pageWindow } from '../../../http/paging.js';
import { endMemberSession, liveMemberSession } from './member-sessions.js';
import type { AdminPrincipal } from './access.js';
import { checkManageableAdmin } from '../roles/authority.js';
import { containingAnyCase } from '../../../db/like.js';
import { endSession, liveAdminSession } from './sessions.js';

/**
 * 在线用户: the live sessions of the back office and of members, and 强制下线, which ends one.
 * The session's next call then answers Code 402 (admin) or 401 (member), as after a sign-out.
 */
export interface OnlineSession {
  sessionId: number;
  account: string;
  /** An admin's full name, a member's company name. */
  name: string;
  /** An admin's role name; a member session's scope (member, application). */
  role: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/**
 * An address as shown to a viewer who may not see it whole: the network without the machine
 * (IPv4 `a.b.*.*`, IPv6 its first two groups and `*`), enough to tell an office from abroad.
 */
export function maskAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 2).join(':')}:*`;
  return '*';
}

/**
 * Most recently active first, paged in SQL. A super administrator's address is masked
 * (maskAddress) unless the viewer is one too: 在线用户 is given to staff who watch sessions,
 * and where the most powerful account signs in from (a home line, a hotel) is not theirs to
 * know; they may not end its sessions either (forceLogout).
 */
export async function listOnlineSessions(
  { database, config, now }: Services,
  viewer: AdminPrincipal,
  filter: Omit<OnlineSessionListQuery, keyof PagingQuery>,
  paging: PagingQuery,
): Promise<{ items: OnlineSession[]; total: number }> {
  const { db } = database;
  const { limit, offset } = pageWindow(paging);
  if (filter.kind === 'admin') {
    let query = db
      .selectFrom('admin_sessions')
      .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
      .leftJoin('roles', 'roles.id', 'admin_users.role_id')
      .where(liveAdminSession(now(), config.adminSession));
    if (filter.account) query = query.where(containingAnyCase('admin_users.account', filter.account));
    const [rows, { total }] = await Promise.all([
      query
        .select(['admin_sessions.id as sessionId', 'admin_users.account', 'admin_users.full_name as name', 'roles.name as role'])
        .select(['admin_sessions.ip', 'admin_sessions.user_agent as userAgent', 'admin_sessions.created_at as createdAt'])
        .select(['admin_sessions.last_seen_at as lastSeenAt', 'admin_sessions.expires_at as expiresAt', 'roles.is_super as isSuper'])
        .orderBy('admin_sessions.last_seen_at', 'desc')
        .orderBy('admin_sessions.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      total,
      items: rows.map(({ isSuper, ...r }) => ({ ...r, role: r.role ?? '', ip: isSuper === 1 && !viewer.isSuper ? maskAddress(r.ip) : r.ip })),
    };
  }
  let query = db.selectFrom('member_sessions').innerJoin('members', 'members.id', 'member_sessions.member_id').where(liveMemberSession(now()));
  if (filter.account) query = query.where(containingAnyCase('members.account', filter.account));
  const [rows, { total }] = await Promise.all([
    query
      .select(['member_sessions.id as sessionId', 'members.account', 'members.member_name as name', 'member_sessions.scope as role'])
      .select(['member_sessions.ip', 'member_sessions.user_agent as userAgent', 'member_sessions.created_at as createdAt'])
      .select(['member_sessions.last_seen_at as lastSeenAt', 'member_sessions.expires_at as expiresAt'])
      .orderBy('member_sessions.last_seen_at', 'desc')
      .orderBy('member_sessions.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { total, items: rows };
}

/**
 * 强制下线: ends one live session and answers its account. Not the caller's own (退出登录 does
 * that, and ending it here would leave the page without a session mid-action); of an admin,
 * only one the caller may manage (roles/authority.ts: no admin richer than themselves, no super
 * administrator unless one).
 */
export async function forceLogout({ database, config, now }: Services, actor: AdminPrincipal, kind: SignInKind, sessionId: number): Promise<string> {
  const { db } = database;
  if (kind === 'admin') {
    if (sessionId === actor.sessionId) throw badRequest(systemMessages.forceLogoutSelf);
    const target = await db
      .selectFrom('admin_sessions')
      .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.admin_id')
      .select(['admin_users.id', 'admin_users.role_id as roleId', 'admin_users.status', 'admin_users.account'])
      .where('admin_sessions.id', '=', sessionId)
      .where(liveAdminSession(now(), config.adminSession))
      .executeTakeFirst();
    if (!target) throw badRequest(systemMessages.sessionNotFound);
    await checkManageableAdmin(db, actor, target);
    await endSession(db, sessionId);
    return target.account;
  }
  const target = await db
    .selectFrom('member_sessions')
    .innerJoin('members', 'members.id', 'member_sessions.member_id')
    .select('members.account')
    .where('member_sessions.id', '=', sessionId)
    .where(liveMemberSession(now()))
    .executeTakeFirst();
  if (!target) throw badRequest(systemMessages.sessionNotFound);
  await endMemberSession(db, sessionId);
  return target.account;
}
