import { z } from 'zod';
import { systemMessages } from './messages/system.js';

/**
 * Passwords set from now on (OWASP ASVS 4.0 V2.1, level 2; docs/security.md): 12 to 128
 * characters of any kind (spaces, Chinese, emoji), no composition rules, never trimmed or cut,
 * not containing the account name. Passwords set before keep working: signing in never applies
 * this, only the next change does. The list of common passwords is the server's
 * (apps/server/src/features/system/auth/new-password.ts): too large for the pages' bundles.
 */
export const passwordPolicy = { minLength: 12, maxLength: 128 } as const;

/** The placeholder of a field that sets a password: the rules a person can follow while typing. */
export const newPasswordHint = '12-128位，不能包含账号，可含空格和汉字';

/** Characters as a person counts them: 密 or an emoji is one, not two UTF-16 units. */
export const passwordLength = (password: string): number => [...password].length;

/** Whether the password holds the account name, in any letter case; no account, no clash. */
export function containsAccount(password: string, account: string): boolean {
  const name = account.trim().toLowerCase();
  return name !== '' && password.toLowerCase().includes(name);
}

/** The message of the first rule a new password breaks (length, then the account), or null. */
export function passwordProblem(password: string, account = ''): string | null {
  const length = passwordLength(password);
  if (length < passwordPolicy.minLength) return systemMessages.passwordTooShort;
  if (length > passwordPolicy.maxLength) return systemMessages.passwordTooLong;
  if (containsAccount(password, account)) return systemMessages.passwordContainsAccount;
  return null;
}

/** A password field as typed: never trimmed. */
export const typedPassword = (required: string) => z.string({ error: required }).min(1, { error: required });

/** A new password field with the length rules; empty is left to the field's own rule (required, or "unchanged"). */
export const withPasswordPolicy = (field: z.ZodString) =>
  field.superRefine((password, ctx) => {
    const problem = password === '' ? null : passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A required new password as typed, with the length rules. */
export const newPassword = (required: string) => withPasswordPolicy(typedPassword(required));

const textAt = (value: unknown, key: string) => {
  const text = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof text === 'string' ? text : '';
};

/**
 * Refuses, on the field `password`, a password holding the account of the field `account`. It
 * runs even while other fields are missing or wrong, so a form reports it as soon as both are
 * typed (zod skips an object's refinements after such problems unless told when to run).
 */
export function withoutAccount<Schema extends z.ZodType>(schema: Schema, password: string, account: string): Schema {
  return schema.refine((value) => !containsAccount(textAt(value, password), textAt(value, account)), {
    error: systemMessages.passwordContainsAccount,
    path: [password],
    when: () => true,
  });
}
