import { ApplyState, formatCst, MemberStatus, systemMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { badRequest } from '../../http/envelope.js';
import type { MemberPrincipal } from '../../http/member-session.js';
import { LOCK_MS, MAX_FAILED_LOGINS } from '../system/login.js';
import { decoyHash, hashPassword, verifyPassword } from '../system/passwords.js';
import { endMemberSessions, openMemberSession } from './sessions.js';

/**
 * What a correct member sign-in leads to: a member session, or, while the application is
 * under review or rejected, an application token (GetLoginToken Code 510 / 511).
 */
export type SignInOutcome =
  | { state: typeof ApplyState.Approved; token: string }
  | { state: typeof ApplyState.UnderReview; applicationToken: string }
  | { state: typeof ApplyState.Rejected; applicationToken: string; reason: string };

/**
 * GetLoginToken. The same rules as the back office's sign-in (features/system/login.ts):
 * unknown accounts and wrong passwords get the same message and take the same time; five wrong
 * passwords in a row lock the account for ten minutes; a disabled account is told so only
 * once the password is right.
 */
export async function signInMember({ database, now }: Services, attempt: { account: string; password: string; ip: string }): Promise<SignInOutcome> {
  const { db } = database;
  const at = now();
  const member = await db
    .selectFrom('members')
    .select(['id', 'password_hash', 'status', 'apply_state', 'process_item_name', 'locked_until'])
    .where('account', '=', attempt.account)
    .executeTakeFirst();
  if (member && member.locked_until > formatCst(at)) throw badRequest(systemMessages.accountLocked(minutesUntil(member.locked_until, at)));
  const matches = await verifyPassword(attempt.password, member?.password_hash ?? (await decoyHash()));
  if (!member) throw badRequest(systemMessages.loginFailed);
  if (!matches) {
    const { failed_logins: failed } = await db
      .updateTable('members')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', member.id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    if (failed < MAX_FAILED_LOGINS) throw badRequest(systemMessages.loginFailed);
    await db.updateTable('members').set({ failed_logins: 0, locked_until: formatCst(at + LOCK_MS) }).where('id', '=', member.id).execute();
    throw badRequest(systemMessages.accountLocked(LOCK_MS / 60_000));
  }
  if (member.status !== MemberStatus.Enabled) throw badRequest(systemMessages.accountDisabled);

  await db.updateTable('members').set({ failed_logins: 0, locked_until: '', last_login_at: formatCst(at) }).where('id', '=', member.id).execute();
  if (member.apply_state === ApplyState.Approved) {
    return { state: ApplyState.Approved, token: await openMemberSession(db, member.id, 'member', attempt.ip, at) };
  }
  const applicationToken = await openMemberSession(db, member.id, 'application', attempt.ip, at);
  return member.apply_state === ApplyState.Rejected
    ? { state: ApplyState.Rejected, applicationToken, reason: member.process_item_name }
    : { state: ApplyState.UnderReview, applicationToken };
}

/** Whole minutes left until a CST time, at least 1. */
function minutesUntil(cst: string, now: number): number {
  const until = Date.parse(`${cst.replace(' ', 'T')}+08:00`);
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

/**
 * EditMemberPwd: the old password must match; the new one (already checked against the
 * policy) must differ. Every other session of the member ends.
 */
export async function changeMemberPassword({ database, now }: Services, member: MemberPrincipal, passwords: { old: string; new: string }): Promise<void> {
  const { db } = database;
  const row = await db.selectFrom('members').select('password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(passwords.old, row.password_hash))) throw badRequest(systemMessages.oldPasswordWrong);
  if (passwords.new === passwords.old) throw badRequest(systemMessages.samePassword);
  const hash = await hashPassword(passwords.new);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ password_hash: hash, updated_at: formatCst(now()) }).where('id', '=', member.memberId).execute();
    await endMemberSessions(trx, member.memberId, member.sessionId);
  });
}
