import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { passwordProblem, systemMessages } from '@portal/shared';
import { badRequest } from '../../../http/envelope.js';
import { hashPassword } from './passwords.js';

/**
 * Every rule for a password set from now on (docs/security.md): the shared policy, which the
 * forms check too (length, not holding the account), and here alone the list of common
 * passwords, too large to send to browsers. Passwords set before are not checked again until
 * they are changed: signing in never calls this.
 */

let common: Set<string> | undefined;

/** common-passwords.txt (built by scripts/common-passwords.mjs), read once, on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/**
 * Whether the password is on the list, compared as the list is written: NFKC, as passwords are
 * hashed (full-width letters are the same password), and lower case, since capitalising is the
 * first variation a guesser tries.
 */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.normalize('NFKC').toLowerCase());

/** The message of the first rule a new password for `account` breaks, or null. */
export function newPasswordProblem(password: string, account = ''): string | null {
  return passwordProblem(password, account) ?? (isCommonPassword(password) ? systemMessages.passwordTooCommon : null);
}

/** Hashes a password being set for `account`; one breaking a rule is a bad request naming it. */
export async function hashNewPassword(password: string, account: string): Promise<string> {
  const problem = newPasswordProblem(password, account);
  if (problem) throw badRequest(problem);
  return hashPassword(password);
}

// No look-alikes (0/O, 1/l/I), for a password read off a screen and typed again.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 16-character password for `account` (the first administrator, the CLI's reset). */
export function generatePassword(account: string): string {
  for (;;) {
    const password = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (!newPasswordProblem(password, account)) return password;
  }
}
