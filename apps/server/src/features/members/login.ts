import { sql } from 'kysely';
import { ApplyState, formatCst, MemberStatus, memberMessages, systemMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { badRequest } from '../../http/envelope.js';
import type { MemberPrincipal } from './guard.js';
import type { RequestClient } from '../../http/user-agent.js';
import { writeAudit } from '../system/audit/service.js';
import { failure } from '../system/auth/login.js';
import { writeLoginLog } from '../system/audit/login-log.js';
import { claimTry, clearWrongPasswords, handBackTry, type GuessKey } from '../system/auth/lockout.js';
import { hashNewPassword } from '../system/auth/new-password.js';
import { decoyHash, verifyPassword } from '../system/auth/passwords.js';
import { endMemberSessions, openMemberSession } from '../system/auth/member-sessions.js';

/**
 * What a correct member sign-in leads to: a member session (which, while the password is an
 * initial one the staff know, opens nothing but its replacement: guard.ts), or, while the
 * application is under review or rejected, an application token (GetLoginToken Code 510 / 511).
 */
export type SignInOutcome =
  | { state: typeof ApplyState.Approved; token: string; mustChangePassword: boolean }
  | { state: typeof ApplyState.UnderReview; applicationToken: string }
  | { state: typeof ApplyState.Rejected; applicationToken: string; reason: string };

/**
 * GetLoginToken. The same rules as the back office's sign-in (features/system/auth/login.ts):
 * unknown accounts and wrong passwords get the same message and take the same time; five
 * wrong passwords in a row lock the account name from that address for ten minutes, known or
 * not, and the lock is audited (system/auth/lockout.ts); a disabled account is told so only once the
 * password is right. The account is found whatever its letter case. Every attempt goes to
 * 登录日志 with the real reason (the caller is told less).
 */
export async function signInMember(services: Services, attempt: { account: string; password: string } & RequestClient): Promise<SignInOutcome> {
  const { db } = services.database;
  const at = services.now();
  const client: RequestClient = { ip: attempt.ip, userAgent: attempt.userAgent };
  const record = (userId: number | null, ok: boolean, detail = '') =>
    writeLoginLog(services.database, { kind: 'member', account: attempt.account, userId, ok, detail, ...client }, at);
  const refuse = async (userId: number | null, reason: string, message: string): Promise<never> => {
    await record(userId, false, reason);
    throw badRequest(message);
  };
  const guess: GuessKey = { kind: 'member', account: attempt.account, ip: attempt.ip };
  const member = await db
    .selectFrom('members')
    .select(['id', 'password_hash', 'status', 'apply_state', 'process_item_name', 'must_change_password'])
    .where(sql`lower(account)`, '=', attempt.account.toLowerCase())
    .executeTakeFirst();
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, at);
  if (locked) return refuse(member?.id ?? null, failure.locked, systemMessages.accountLocked(locked));
  const matches = await verifyPassword(attempt.password, member?.password_hash ?? (await decoyHash()));
  if (!member || !matches) {
    const reason = member ? failure.wrongPassword : failure.unknownAccount;
    await auditLock(services, guess, '登录密码错误', lock);
    return refuse(member?.id ?? null, lock ? `${reason}，${failure.locked}` : reason, lock ? systemMessages.accountLocked(lock) : systemMessages.loginFailed);
  }
  if (member.status !== MemberStatus.Enabled) {
    await handBackTry(db, guess);
    return refuse(member.id, failure.disabled, systemMessages.accountDisabled);
  }

  await clearWrongPasswords(db, guess);
  await db
    .updateTable('members')
    .set({ last_login_at: formatCst(at) })
    .where('id', '=', member.id)
    .execute();
  if (member.apply_state === ApplyState.Approved) {
    const token = await openMemberSession(db, member.id, 'member', client, at);
    await record(member.id, true);
    return { state: ApplyState.Approved, token, mustChangePassword: member.must_change_password === 1 };
  }
  const applicationToken = await openMemberSession(db, member.id, 'application', client, at);
  const rejected = member.apply_state === ApplyState.Rejected;
  await record(member.id, true, rejected ? memberMessages.applicationRejected : memberMessages.applicationPending);
  return rejected ? { state: ApplyState.Rejected, applicationToken, reason: member.process_item_name } : { state: ApplyState.UnderReview, applicationToken };
}

/** A wrong guess that locked the account (`lock` minutes; 0 when it did not) is audited: which account, from where. */
async function auditLock({ database, now }: Services, guess: GuessKey, what: string, lock: number): Promise<void> {
  if (lock)
    await writeAudit(
      database,
      { adminId: null, account: guess.account, action: 'auth:memberLocked', ip: guess.ip, ok: false, detail: `${what}，锁定${lock}分钟` },
      now(),
    );
}

/**
 * EditMemberPwd: the old password must match; the new one must differ and meet the policy (its
 * length checked with the body; the account and the common list here, once the old one is known
 * right). Every other session of the member ends, and an initial password the staff knew is
 * replaced: the member's calls open again (guard.ts). A wrong old password counts
 * toward the sign-in lockout; the guess that locks the account also ends all its sessions,
 * this one included, since whoever holds it does not know the password.
 */
export async function changeMemberPassword(services: Services, member: MemberPrincipal, ip: string, passwords: { old: string; new: string }): Promise<void> {
  const { db } = services.database;
  const guess: GuessKey = { kind: 'member', account: member.account, ip };
  const row = await db.selectFrom('members').select('password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow();
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, services.now());
  if (locked) throw badRequest(systemMessages.accountLocked(locked));
  if (!(await verifyPassword(passwords.old, row.password_hash))) {
    await auditLock(services, guess, '修改密码时旧密码错误', lock);
    if (!lock) throw badRequest(systemMessages.oldPasswordWrong);
    await endMemberSessions(db, member.memberId);
    throw badRequest(systemMessages.accountLocked(lock));
  }
  await clearWrongPasswords(db, guess);
  if (passwords.new === passwords.old) throw badRequest(systemMessages.samePassword);
  const hash = await hashNewPassword(passwords.new, member.account);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set({ password_hash: hash, must_change_password: 0, updated_at: formatCst(services.now()) })
      .where('id', '=', member.memberId)
      .execute();
    await endMemberSessions(trx, member.memberId, member.sessionId);
  });
}
