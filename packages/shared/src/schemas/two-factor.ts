import { z } from 'zod';
import { messages, twoFactorMessages } from '../messages/index.js';
export type { TotpSetupDto, TotpRecoveryCodesDto, RecoveryCodeCountDto } from '../dto/two-factor.js';

/**
 * The back office's optional second factor: an authenticator app (RFC 6238, 6 digits every 30
 * seconds) with ten one-time recovery codes. docs/api.md has the calls, docs/security.md the rules.
 */

/** A code as typed: 6 digits from the app, or a recovery code (spaces and hyphens ignored). */
const code = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, { error: twoFactorMessages.codeRequired })
  .max(32, { error: twoFactorMessages.codeInvalid });

/** A 6-digit code from the app (enrolment and turning it off take no recovery code). */
export const totpCodePattern = /^\d{6}$/;
const appCode = z.string({ error: twoFactorMessages.codeNeeded }).trim().regex(totpCodePattern, { error: twoFactorMessages.codeNeeded });

/** POST LoginTotp: the ticket Login answered with Code 512, and the code. */
export const loginTotpBody = z.object({
  Ticket: z.string({ error: twoFactorMessages.challengeExpired }).trim().min(1, { error: twoFactorMessages.challengeExpired }).max(100),
  Code: code,
});

/**
 * POST ConfirmTotp (with the first code from the app) and DisableTotp (with a current one): the
 * password too, since a session left open is not enough to change how the account signs in.
 */
export const confirmTotpBody = z.object({
  Password: z.string({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired }),
  Code: appCode,
});
export const disableTotpBody = confirmTotpBody;
/** POST RenewRecoveryCodes: as turning it off, the password and a current code from the app. */
export const renewRecoveryCodesBody = confirmTotpBody;
