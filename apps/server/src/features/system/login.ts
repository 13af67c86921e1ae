import { sql } from 'kysely';
import { formatCst, systemMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { adminSessionRequired } from '../../http/admin-auth.js';
import { badRequest } from '../../http/envelope.js';
import type { AdminPrincipal } from './access.js';
import { writeAudit } from './audit.js';
import { consumeCaptcha } from './captcha.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { clearWrongPasswords, countWrongPassword, lockedMinutes, type GuessKey } from './lockout.js';
import { endAdminSessions, endSession, openSession } from './sessions.js';

/** Why a sign-in failed, as the audit log records it (the caller is told less). */
const failure = {
  captcha: '验证码错误或已过期',
  unknownAccount: '账号不存在',
  wrongPassword: '密码错误',
  locked: '账号已锁定',
  disabled: '账号已停用',
} as const;

export interface SignInAttempt {
  account: string;
  password: string;
  /** The captcha answer (TreeCode) and its ticket (FullName). */
  captchaAnswer: string;
  ticket: string;
  ip: string;
}

/**
 * Checks an attempt and opens a session, answering its token. Every attempt uses up its
 * captcha and is audited. Unknown accounts and wrong passwords get the same message and
 * take the same time; five wrong passwords in a row lock the account name from that address
 * for ten minutes, known or not (lockout.ts). The account is found whatever its letter case.
 */
export async function signIn({ database, config, now }: Services, attempt: SignInAttempt): Promise<string> {
  const { db } = database;
  const at = now();
  const audit = (adminId: number | null, ok: boolean, detail = '') =>
    writeAudit(db, { adminId, account: attempt.account, action: 'auth:login', ip: attempt.ip, ok, detail }, at);
  const refuse = async (adminId: number | null, reason: string, message: string): Promise<never> => {
    await audit(adminId, false, reason);
    throw badRequest(message);
  };
  const guess: GuessKey = { kind: 'admin', account: attempt.account, ip: attempt.ip };

  if (!(await consumeCaptcha(database, attempt.ticket, attempt.captchaAnswer, at))) {
    return refuse(null, failure.captcha, systemMessages.captchaInvalid);
  }
  const admin = await db
    .selectFrom('admin_users')
    .select(['id', 'password_hash', 'status'])
    .where(sql`lower(account)`, '=', attempt.account.toLowerCase())
    .executeTakeFirst();
  const locked = await lockedMinutes(db, guess, at);
  if (locked) return refuse(admin?.id ?? null, failure.locked, systemMessages.accountLocked(locked));
  const matches = await verifyPassword(attempt.password, admin?.password_hash ?? (await decoyHash()));
  if (!admin || !matches) {
    const reason = admin ? failure.wrongPassword : failure.unknownAccount;
    const lock = await countWrongPassword(db, guess, at);
    if (lock) return refuse(admin?.id ?? null, `${reason}，${failure.locked}`, systemMessages.accountLocked(lock));
    return refuse(admin?.id ?? null, reason, systemMessages.loginFailed);
  }
  if (admin.status !== 1) return refuse(admin.id, failure.disabled, systemMessages.accountDisabled);

  await clearWrongPasswords(db, guess);
  await db.updateTable('admin_users').set({ last_login_at: formatCst(at) }).where('id', '=', admin.id).execute();
  const token = await openSession(database, admin.id, attempt.ip, at, config.adminSession);
  await audit(admin.id, true);
  return token;
}

/** Ends the caller's session. */
export async function signOut({ database, now }: Services, admin: AdminPrincipal, ip: string): Promise<void> {
  await endSession(database.db, admin.sessionId);
  await writeAudit(database.db, { adminId: admin.adminId, account: admin.account, action: 'auth:logout', ip, ok: true }, now());
}

/**
 * The caller's own password change (EditAdminPwd): the old password must match; the new one
 * (already checked against the policy) must differ. Every other session of the admin ends.
 * A wrong old password counts toward the sign-in lockout; the guess that locks the account
 * also ends all its sessions, this one included, since whoever holds it does not know the password.
 */
export async function changeOwnPassword(
  { database, now }: Services,
  admin: AdminPrincipal,
  ip: string,
  passwords: { old: string; new: string },
): Promise<void> {
  const { db } = database;
  const at = now();
  const audit = (ok: boolean, detail = '') =>
    writeAudit(db, { adminId: admin.adminId, account: admin.account, action: 'auth:password', target: '管理员', targetId: admin.adminId, ip, ok, detail }, at);
  const guess: GuessKey = { kind: 'admin', account: admin.account, ip };
  const locked = await lockedMinutes(db, guess, at);
  if (locked) throw badRequest(systemMessages.accountLocked(locked));
  const row = await db.selectFrom('admin_users').select('password_hash').where('id', '=', admin.adminId).executeTakeFirst();
  if (!row) throw adminSessionRequired();
  if (!(await verifyPassword(passwords.old, row.password_hash))) {
    const lock = await countWrongPassword(db, guess, at);
    await audit(false, lock ? `${systemMessages.oldPasswordWrong}，${failure.locked}` : systemMessages.oldPasswordWrong);
    if (!lock) throw badRequest(systemMessages.oldPasswordWrong);
    await endAdminSessions(db, admin.adminId);
    throw badRequest(systemMessages.accountLocked(lock));
  }
  if (passwords.new === passwords.old) throw badRequest(systemMessages.samePassword);
  await clearWrongPasswords(db, guess);
  const hash = await hashPassword(passwords.new);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_users').set({ password_hash: hash, must_change_password: 0, updated_at: formatCst(at) }).where('id', '=', admin.adminId).execute();
    await endAdminSessions(trx, admin.adminId, admin.sessionId);
  });
  await audit(true);
}
