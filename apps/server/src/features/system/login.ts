import { formatCst, systemMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { adminSessionRequired } from '../../http/admin-auth.js';
import { badRequest } from '../../http/envelope.js';
import type { AdminPrincipal } from './access.js';
import { writeAudit } from './audit.js';
import { consumeCaptcha } from './captcha.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { endAdminSessions, endSession, openSession } from './sessions.js';

/** After this many wrong passwords in a row the account is locked for LOCK_MS. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 10 * 60_000;

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
 * take the same time; five wrong passwords in a row lock the account for ten minutes.
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

  if (!(await consumeCaptcha(database, attempt.ticket, attempt.captchaAnswer, at))) {
    return refuse(null, failure.captcha, systemMessages.captchaInvalid);
  }
  const admin = await db
    .selectFrom('admin_users')
    .select(['id', 'password_hash', 'status', 'locked_until'])
    .where('account', '=', attempt.account)
    .executeTakeFirst();
  if (admin && admin.locked_until > formatCst(at)) {
    return refuse(admin.id, failure.locked, systemMessages.accountLocked(minutesUntil(admin.locked_until, at)));
  }
  const matches = await verifyPassword(attempt.password, admin?.password_hash ?? (await decoyHash()));
  if (!admin) return refuse(null, failure.unknownAccount, systemMessages.loginFailed);
  if (!matches) {
    const { failed_logins: failed } = await db
      .updateTable('admin_users')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', admin.id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    if (failed < MAX_FAILED_LOGINS) return refuse(admin.id, failure.wrongPassword, systemMessages.loginFailed);
    await db.updateTable('admin_users').set({ failed_logins: 0, locked_until: formatCst(at + LOCK_MS) }).where('id', '=', admin.id).execute();
    return refuse(admin.id, `${failure.wrongPassword}，${failure.locked}`, systemMessages.accountLocked(LOCK_MS / 60_000));
  }
  if (admin.status !== 1) return refuse(admin.id, failure.disabled, systemMessages.accountDisabled);

  await db
    .updateTable('admin_users')
    .set({ failed_logins: 0, locked_until: '', last_login_at: formatCst(at) })
    .where('id', '=', admin.id)
    .execute();
  const token = await openSession(database, admin.id, attempt.ip, at, config.adminSession);
  await audit(admin.id, true);
  return token;
}

/** Whole minutes left until a CST time, at least 1. */
function minutesUntil(cst: string, now: number): number {
  const [y, mo, d, h, mi, s] = cst.split(/[-: ]/).map(Number) as [number, number, number, number, number, number];
  const until = Date.UTC(y, mo - 1, d, h - 8, mi, s);
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

/** Ends the caller's session. */
export async function signOut({ database, now }: Services, admin: AdminPrincipal, ip: string): Promise<void> {
  await endSession(database.db, admin.sessionId);
  await writeAudit(database.db, { adminId: admin.adminId, account: admin.account, action: 'auth:logout', ip, ok: true }, now());
}

/**
 * The caller's own password change (EditAdminPwd): the old password must match; the new one
 * (already checked against the policy) must differ. Every other session of the admin ends.
 */
export async function changeOwnPassword(
  { database, now }: Services,
  admin: AdminPrincipal,
  ip: string,
  passwords: { old: string; new: string },
): Promise<void> {
  const { db } = database;
  const audit = (ok: boolean, detail = '') =>
    writeAudit(db, { adminId: admin.adminId, account: admin.account, action: 'auth:password', target: '管理员', targetId: admin.adminId, ip, ok, detail }, now());
  const row = await db.selectFrom('admin_users').select('password_hash').where('id', '=', admin.adminId).executeTakeFirst();
  if (!row) throw adminSessionRequired();
  if (!(await verifyPassword(passwords.old, row.password_hash))) {
    await audit(false, systemMessages.oldPasswordWrong);
    throw badRequest(systemMessages.oldPasswordWrong);
  }
  if (passwords.new === passwords.old) throw badRequest(systemMessages.samePassword);
  const hash = await hashPassword(passwords.new);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_users').set({ password_hash: hash, updated_at: formatCst(now()) }).where('id', '=', admin.adminId).execute();
    await endAdminSessions(trx, admin.adminId, admin.sessionId);
  });
  await audit(true);
}
