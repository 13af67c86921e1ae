import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { formatCst, systemMessages, twoFactorMessages, totpCodePattern } from '@portal/shared';
import type { Services } from '../../../http/app-types.js';
import type { Database } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import type { AdminPrincipal } from '../auth/access.js';
import { writeAudit } from '../audit/service.js';
import { checkManageableAdmin } from '../roles/authority.js';
import { claimTry, clearWrongPasswords, handBackTry, type GuessKey } from '../auth/lockout.js';
import { verifyPassword } from '../auth/passwords.js';
import { endAdminSessions } from '../auth/sessions.js';
import { newRecoveryCodes, newTotpSecret, RECOVERY_CODE_COUNT, recoveryCodeHash, totpStep, totpUri } from './codes.js';

/**
 * The optional second factor of back-office accounts (等保 2.0): an authenticator app, enrolled
 * by the admin for their own account, with ten one-time recovery codes; a role may require it
 * (features/system/auth/guard.ts then opens nothing else until it is on). Sign-in with it is
 * sign-in.ts; docs/security.md has the rules.
 */

/** Why a code was refused, as the audit log and 登录日志 record it. */
export const codeFailure = {
  wrong: '动态验证码错误',
  reused: '动态验证码重复使用',
  wrongRecovery: '恢复码错误',
  reusedRecovery: '恢复码重复使用',
  notOn: '未开启二次验证',
  wrongPassword: '密码错误',
} as const;

export async function secondFactorOn(db: Kysely<DB>, adminId: number): Promise<boolean> {
  const row = await db.selectFrom('admin_second_factors').select('enabled').where('admin_id', '=', adminId).executeTakeFirst();
  return row?.enabled === 1;
}

export interface TotpSetup {
  secret: string;
  uri: string;
  /** PNG data URL of the URI. */
  qrCode: string;
}

/** BeginTotp: a new secret, pending until a code from the app confirms it; a pending one is replaced. */
export async function beginEnrolment({ database, config, now }: Services, admin: AdminPrincipal): Promise<TotpSetup> {
  const { db } = database;
  if (await secondFactorOn(db, admin.adminId)) throw badRequest(twoFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  const values = { secret, enabled: 0, last_step: 0, created_at: formatCst(now()) };
  await db
    .insertInto('admin_second_factors')
    .values({ admin_id: admin.adminId, ...values })
    // Never over one that is on (a concurrent ConfirmTotp): that one stays.
    .onConflict((oc) => oc.column('admin_id').doUpdateSet(values).where('admin_second_factors.enabled', '=', 0))
    .execute();
  const uri = totpUri(secret, config.site.name, admin.account);
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
}

/**
 * ConfirmTotp: the admin's password again (passwordAgain), then the first right code turns the
 * pending secret on (its step counts as used) and answers new recovery codes, of which only the
 * hashes are kept. The admin's other sessions end with it: one opened before, by whoever had the
 * password alone, must not outlive the second factor that now guards sign-in. The current one
 * stays. Audited as auth:totpOn, refusals too.
 */
export async function confirmEnrolment(
  { database, now }: Services,
  admin: AdminPrincipal,
  ip: string,
  given: { password: string; code: string },
): Promise<string[]> {
  const { db } = database;
  const at = now();
  const audit = auditOwn(database, admin, ip, 'auth:totpOn', at);
  const { guess } = await passwordAgain(db, admin, ip, given.password, at, audit);
  // The code of a secret the caller was just given is nothing to guess: the right password clears the count.
  await clearWrongPasswords(db, guess);
  const codes = await turnOn(db, admin, given.code, at).catch(async (error: unknown) => {
    await audit(false, error instanceof Error ? error.message : '');
    throw error;
  });
  await audit(true);
  return codes;
}

async function turnOn(db: Kysely<DB>, admin: AdminPrincipal, code: string, now: number): Promise<string[]> {
  const row = await db.selectFrom('admin_second_factors').select(['secret', 'enabled']).where('admin_id', '=', admin.adminId).executeTakeFirst();
  if (!row) throw badRequest(twoFactorMessages.notStarted);
  if (row.enabled === 1) throw badRequest(twoFactorMessages.alreadyOn);
  const step = totpStep(row.secret, code, now);
  if (step === null) throw badRequest(twoFactorMessages.codeInvalid);
  return db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('admin_second_factors')
      .set({ enabled: 1, last_step: step })
      .where('admin_id', '=', admin.adminId)
      .where('enabled', '=', 0)
      .where('secret', '=', row.secret)
      .executeTakeFirstOrThrow();
    if (numUpdatedRows === 0n) throw badRequest(twoFactorMessages.notStarted);
    const codes = await replaceRecoveryCodes(trx, admin.adminId);
    await endAdminSessions(trx, admin.adminId, admin.sessionId);
    return codes;
  });
}

/** New recovery codes for the admin, in place of all given before (used or not); answers them, of which only the hashes are kept. */
async function replaceRecoveryCodes(trx: Kysely<DB>, adminId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await trx
    .insertInto('admin_recovery_codes')
    .values(codes.map((c) => ({ admin_id: adminId, code_hash: recoveryCodeHash(c) })))
    .execute();
  return codes;
}

/** GetRecoveryCodeCount: the admin's recovery codes not used yet, of those given at enrolment or the last renewal. */
export async function recoveryCodeCount(db: Kysely<DB>, adminId: number): Promise<{ unused: number; total: number }> {
  if (!(await secondFactorOn(db, adminId))) throw badRequest(twoFactorMessages.notOn);
  const { unused } = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('unused'))
    .where('admin_id', '=', adminId)
    .where('used_at', '=', '')
    .executeTakeFirstOrThrow();
  return { unused: Number(unused), total: RECOVERY_CODE_COUNT };
}

export type CodeCheck = { ok: true; via: string } | { ok: false; reason: string; message: string };

/**
 * Checks a code of an admin whose second factor is on. Six digits are checked against the app,
 * each 30-second step accepted once (a code seen over a shoulder or replayed is refused); with
 * `recovery`, anything else is tried as a recovery code, which a match marks used (kept, so a
 * second try with it is told apart from a wrong code).
 */
export async function checkCode(db: Kysely<DB>, adminId: number, code: string, now: number, { recovery }: { recovery: boolean }): Promise<CodeCheck> {
  const wrong = (reason: string, message: string = twoFactorMessages.codeInvalid): CodeCheck => ({ ok: false, reason, message });
  const row = await db.selectFrom('admin_second_factors').select(['secret', 'enabled']).where('admin_id', '=', adminId).executeTakeFirst();
  if (row?.enabled !== 1) return wrong(codeFailure.notOn);
  if (totpCodePattern.test(code)) {
    const step = totpStep(row.secret, code, now);
    if (step === null) return wrong(codeFailure.wrong);
    // One statement, so two requests with one code cannot both pass.
    const { numUpdatedRows } = await db
      .updateTable('admin_second_factors')
      .set({ last_step: step })
      .where('admin_id', '=', adminId)
      .where('last_step', '<', step)
      .executeTakeFirstOrThrow();
    return numUpdatedRows === 0n ? wrong(codeFailure.reused, twoFactorMessages.codeReused) : { ok: true, via: '动态验证码' };
  }
  if (!recovery) return wrong(codeFailure.wrong);
  const hash = recoveryCodeHash(code);
  // One statement, so two requests with one code cannot both pass.
  const { numUpdatedRows } = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: formatCst(now) })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', hash)
    .where('used_at', '=', '')
    .executeTakeFirstOrThrow();
  if (numUpdatedRows > 0n) return { ok: true, via: '恢复码' };
  const used = await db.selectFrom('admin_recovery_codes').select('id').where('admin_id', '=', adminId).where('code_hash', '=', hash).executeTakeFirst();
  return used ? wrong(codeFailure.reusedRecovery, twoFactorMessages.recoveryCodeUsed) : wrong(codeFailure.wrongRecovery);
}

/**
 * DisableTotp: the admin's password and a current code from the app (passwordAndCode), so that a
 * session left open is not enough. An admin whose role requires the second factor cannot turn it off.
 */
export async function turnOff({ database, now }: Services, admin: AdminPrincipal, ip: string, given: { password: string; code: string }): Promise<void> {
  const { db } = database;
  const at = now();
  if (admin.secondFactorRequired) throw badRequest(twoFactorMessages.requiredCannotTurnOff);
  const audit = auditOwn(database, admin, ip, 'auth:totpOff', at);
  await passwordAndCode(db, admin, ip, given, at, audit);
  await removeSecondFactor(db, admin.adminId);
  await audit(true);
}

/**
 * RenewRecoveryCodes: ten new recovery codes in place of those given before, which stop working
 * (the admin used most, or fears they were seen). Asked as turning it off is: the password and a
 * current code from the app (a recovery code would renew itself). Audited as auth:recoveryCodes.
 */
export async function renewRecoveryCodes(
  { database, now }: Services,
  admin: AdminPrincipal,
  ip: string,
  given: { password: string; code: string },
): Promise<string[]> {
  const { db } = database;
  const at = now();
  const audit = auditOwn(database, admin, ip, 'auth:recoveryCodes', at);
  await passwordAndCode(db, admin, ip, given, at, audit);
  const codes = await db.transaction().execute((trx) => replaceRecoveryCodes(trx, admin.adminId));
  await audit(true);
  return codes;
}

/**
 * The password (passwordAgain), then a current code from the app, before a change to a second
 * factor that is on (turning it off, renewing the recovery codes). A wrong code counts toward the
 * lockout like the password; the right pair clears the count.
 */
async function passwordAndCode(db: Kysely<DB>, admin: AdminPrincipal, ip: string, given: { password: string; code: string }, at: number, audit: Audit) {
  const { guess, refuse } = await passwordAgain(db, admin, ip, given.password, at, audit);
  if (!(await secondFactorOn(db, admin.adminId))) {
    await handBackTry(db, guess);
    throw badRequest(twoFactorMessages.notOn);
  }
  const check = await checkCode(db, admin.adminId, given.code, at, { recovery: false });
  if (!check.ok) return refuse(check.reason, check.message);
  await clearWrongPasswords(db, guess);
}

type Audit = (ok: boolean, detail?: string) => Promise<void>;

/** The audit line of a change the admin makes to their own second factor. */
const auditOwn =
  (database: Database, admin: AdminPrincipal, ip: string, action: 'auth:totpOn' | 'auth:totpOff' | 'auth:recoveryCodes', at: number): Audit =>
  (ok, detail = '') =>
    writeAudit(database, { adminId: admin.adminId, account: admin.account, action, target: '管理员', targetId: admin.adminId, ip, ok, detail }, at);

interface PasswordAgain {
  guess: GuessKey;
  /** Refuses the call with the same try: audited, and if that try locked the account, every session of it ends. */
  refuse(reason: string, message: string): Promise<never>;
}

/**
 * The admin's own password, asked again before their second factor is turned on or off or its
 * recovery codes renewed, so a session left open (or taken) is not enough to change how the
 * account signs in. The try counts
 * toward the sign-in lockout as a wrong old password does in EditAdminPwd; the guess that locks
 * the account ends all its sessions, the one guessing included.
 */
async function passwordAgain(db: Kysely<DB>, admin: AdminPrincipal, ip: string, password: string, at: number, audit: Audit): Promise<PasswordAgain> {
  const guess: GuessKey = { kind: 'admin', account: admin.account, ip };
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, at);
  if (locked) throw badRequest(systemMessages.accountLocked(locked));
  const refuse = async (reason: string, message: string): Promise<never> => {
    await audit(false, lock ? `${reason}；${systemMessages.accountLocked(lock)}` : reason);
    if (!lock) throw badRequest(message);
    await endAdminSessions(db, admin.adminId);
    throw badRequest(systemMessages.accountLocked(lock));
  };
  const user = await db.selectFrom('admin_users').select('password_hash').where('id', '=', admin.adminId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(password, user.password_hash))) return refuse(codeFailure.wrongPassword, twoFactorMessages.passwordWrong);
  return { guess, refuse };
}

/**
 * ResetAdminTotp: another admin's second factor goes (a lost phone), within the rules of
 * roles/authority.ts; they enrol again, and if their role requires it, must before anything else.
 * One's own goes through DisableTotp, with password and code. Answers the account.
 */
export async function resetSecondFactor(db: Kysely<DB>, actor: AdminPrincipal, adminId: number): Promise<string> {
  const target = await db.selectFrom('admin_users').select(['id', 'account', 'role_id', 'status']).where('id', '=', adminId).executeTakeFirst();
  if (!target) throw notFound(systemMessages.adminNotFound);
  if (target.id === actor.adminId) throw badRequest(twoFactorMessages.resetSelf);
  await checkManageableAdmin(db, actor, { id: target.id, roleId: target.role_id, status: target.status });
  if (!(await removeSecondFactor(db, target.id))) throw badRequest(twoFactorMessages.targetNotOn);
  return target.account;
}

/** Deletes an admin's secret, recovery codes and open sign-in tickets; false when there was no secret. */
async function removeSecondFactor(db: Kysely<DB>, adminId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom('admin_second_factors').where('admin_id', '=', adminId).executeTakeFirstOrThrow();
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx.deleteFrom('sign_in_challenges').where('admin_id', '=', adminId).execute();
    return numDeletedRows > 0n;
  });
}
