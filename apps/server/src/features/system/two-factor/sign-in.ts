import { systemMessages, twoFactorMessages } from '@portal/shared';
import type { Services } from '../../../http/app-types.js';
import { badRequest } from '../../../http/envelope.js';
import type { RequestClient } from '../../../http/user-agent.js';
import { claimTry, type GuessKey } from '../auth/lockout.js';
import { failure, openSignedInSession, recordSignIn } from '../auth/login.js';
import { claimChallenge, endChallenge, releaseChallenge } from './sign-in-challenges.js';
import { checkCode } from './service.js';

export interface SecondFactorAttempt extends RequestClient {
  /** The ticket Login answered with Code 512. */
  ticket: string;
  /** Six digits from the app, or a recovery code. */
  code: string;
}

/**
 * LoginTotp: the second step of a sign-in with the second factor on. A right code opens the
 * session and ends the ticket; a wrong or replayed one counts toward the lockout of the account
 * from this address, as a wrong password does (auth/lockout.ts), and is logged like one. A ticket
 * that is unknown, expired, used, or past its fifth wrong code answers 登录已过期: the sign-in
 * starts again with the password.
 */
export async function signInWithSecondFactor(services: Services, attempt: SecondFactorAttempt): Promise<string> {
  const { db } = services.database;
  const at = services.now();
  const client: RequestClient = { ip: attempt.ip, userAgent: attempt.userAgent };
  const adminId = await claimChallenge(db, attempt.ticket, at);
  if (adminId === null) throw badRequest(twoFactorMessages.challengeExpired);
  const admin = await db.selectFrom('admin_users').select(['account', 'status']).where('id', '=', adminId).executeTakeFirstOrThrow();
  const refuse = async (reason: string, message: string, ticket: 'end' | 'release'): Promise<never> => {
    await (ticket === 'end' ? endChallenge(db, attempt.ticket) : releaseChallenge(db, attempt.ticket));
    await recordSignIn(services.database, { adminId, account: admin.account, ok: false, detail: reason }, client, at);
    throw badRequest(message);
  };
  const guess: GuessKey = { kind: 'admin', account: admin.account, ip: attempt.ip };

  // Disabled or locked since the password was checked: this ticket is of no more use.
  if (admin.status !== 1) return refuse(failure.disabled, systemMessages.accountDisabled, 'end');
  const { lockedMinutes: locked, lockIfWrong: lock } = await claimTry(db, guess, at);
  if (locked) return refuse(failure.locked, systemMessages.accountLocked(locked), 'end');
  const check = await checkCode(db, adminId, attempt.code, at, { recovery: true });
  if (!check.ok) {
    if (lock) return refuse(`${check.reason}，${failure.locked}`, systemMessages.accountLocked(lock), 'end');
    return refuse(check.reason, check.message, 'release');
  }
  await endChallenge(db, attempt.ticket);
  return openSignedInSession(services, { adminId, account: admin.account }, client, at, check.via);
}
