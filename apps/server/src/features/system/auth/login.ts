import { sql } from 'kysely';
import { Code, formatCst, systemMessages, twoFactorMessages } from '@portal/shared';
import type { Database } from '../../../db/connection.js';
import type { Services } from '../../../http/app-types.js';
import { adminSessionRequired } from './guard.js';
import { AppError, badRequest } from '../../../http/envelope.js';
import type { AdminPrincipal } from './access.js';
import type { RequestClient } from '../../../http/user-agent.js';
import { writeAudit } from '../audit/service.js';
import { consumeCaptcha } from './captcha.js';
import { writeLoginLog } from '../audit/login-log.js';
import { hashNewPassword } from './new-password.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { claimTry, clearWrongPasswords, handBackTry, type GuessKey } from './lockout.js';
import { endAdminSessions, endSession, openSession } from './sessions.js';
import { openChallenge } from '../two-factor/sign-in-challenges.js';
import { secondFactorOn } from '../two-factor/service.js';

/** Why a sign-in failed, as the audit log and 登录日志 record it (the caller is told less); members' sign-ins too. */
export const failure = {
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
  /** Cleaned (http/user-agent.ts), for 登录日志 and 在线用户. */
  userAgent: string;
}

/**
 * Checks an attempt and opens a session, answering its token (for an account with the second
 * factor on, Code 512 and a ticket instead). Every attempt uses up its captcha and is audited. Unknown accounts and wrong passwords get the same message and
 * take the same time; five wrong passwords in a row lock the account name from that address
 * for ten minutes, known or not (lockout.ts). The account is found whatever its letter case.
 */
export async function signIn(services: Services, attempt: SignInAttempt): Promise<string> {
  const { database, now } = services;
  const { db } = database;
  const at = now();
  const client: RequestClient = { ip: attempt.ip, userAgent: attempt.userAgent };
  const audit = (adminId: number | null, ok: boolean, detail = '') => recordSignIn(database, { adminId, account: attempt.account, ok, detail }, client, at);
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
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, at);
  if (locked) return refuse(admin?.id ?? null, failure.locked, systemMessages.accountLocked(locked));
  const matches = await verifyPassword(attempt.password, admin?.password_hash ?? (await decoyHash()));
  if (!admin || !matches) {
    const reason = admin ? failure.wrongPassword : failure.unknownAccount;
    if (lock) return refuse(admin?.id ?? null, `${reason}，${failure.locked}`, systemMessages.accountLocked(lock));
    return refuse(admin?.id ?? null, reason, systemMessages.loginFailed);
  }
  if (admin.status !== 1) {
    await handBackTry(db, guess);
    return refuse(admin.id, failure.disabled, systemMessages.accountDisabled);
  }
  // With a second factor on, the password alone opens nothing: Code 512 with a ticket for
  // LoginTotp (two-factor/sign-in.ts). The wrong-guess count is left as it was (the try handed
  // back, not the count cleared) until the code is right too, so a known password cannot clear
  // it between guessed codes.
  if (await secondFactorOn(db, admin.id)) {
    await handBackTry(db, guess);
    throw new AppError(Code.SecondFactor, twoFactorMessages.codeNeeded, await openChallenge(db, admin.id, at));
  }
  return openSignedInSession(services, { adminId: admin.id, account: attempt.account }, client, at);
}

/** Writes a sign-in attempt to both logs: 操作日志 keeps the admin's whole trail, 登录日志 every attempt with its browser. */
export async function recordSignIn(
  database: Database,
  entry: { adminId: number | null; account: string; ok: boolean; detail: string },
  client: RequestClient,
  at: number,
): Promise<void> {
  const { adminId, account, ok, detail } = entry;
  await writeAudit(database, { adminId, account, action: 'auth:login', ip: client.ip, ok, detail }, at);
  await writeLoginLog(database, { kind: 'admin', account, userId: adminId, ok, detail, ...client }, at);
}

/**
 * The end of a sign-in whose every factor was right (the password, and the code when the
 * second factor is on): the address's wrong-guess count starts again and a session opens.
 */
export async function openSignedInSession(
  { database, config }: Services,
  admin: { adminId: number; account: string },
  client: RequestClient,
  at: number,
  detail = '',
): Promise<string> {
  const { db } = database;
  await clearWrongPasswords(db, { kind: 'admin', account: admin.account, ip: client.ip });
  await db
    .updateTable('admin_users')
    .set({ last_login_at: formatCst(at) })
    .where('id', '=', admin.adminId)
    .execute();
  const token = await openSession(database, admin.adminId, client, at, config.adminSession);
  await recordSignIn(database, { ...admin, ok: true, detail }, client, at);
  return token;
}

/** Ends the caller's session. */
export async function signOut({ database, now }: Services, admin: AdminPrincipal, ip: string): Promise<void> {
  await endSession(database.db, admin.sessionId);
  await writeAudit(database, { adminId: admin.adminId, account: admin.account, action: 'auth:logout', ip, ok: true }, now());
}

/**
 * The caller's own password change (EditAdminPwd): the old password must match; the new one
 * must differ and meet the policy (its length checked with the body; the account and the common
 * list here, once the old one is known right). Every other session of the admin ends.
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
    writeAudit(
      database,
      { adminId: admin.adminId, account: admin.account, action: 'auth:password', target: '管理员', targetId: admin.adminId, ip, ok, detail },
      at,
    );
  const guess: GuessKey = { kind: 'admin', account: admin.account, ip };
  const row = await db.selectFrom('admin_users').select('password_hash').where('id', '=', admin.adminId).executeTakeFirst();
  if (!row) throw adminSessionRequired();
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, at);
  if (locked) throw badRequest(systemMessages.accountLocked(locked));
  if (!(await verifyPassword(passwords.old, row.password_hash))) {
    await audit(false, lock ? `${systemMessages.oldPasswordWrong}，${failure.locked}` : systemMessages.oldPasswordWrong);
    if (!lock) throw badRequest(systemMessages.oldPasswordWrong);
    await endAdminSessions(db, admin.adminId);
    throw badRequest(systemMessages.accountLocked(lock));
  }
  await clearWrongPasswords(db, guess);
  if (passwords.new === passwords.old) throw badRequest(systemMessages.samePassword);
  const hash = await hashNewPassword(passwords.new, admin.account);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({ password_hash: hash, must_change_password: 0, password_changed_at: formatCst(at), updated_at: formatCst(at) })
      .where('id', '=', admin.adminId)
      .execute();
    await endAdminSessions(trx, admin.adminId, admin.sessionId);
  });
  await audit(true);
}
