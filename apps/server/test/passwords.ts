import { systemMessages } from '@portal/shared';

/**
 * New passwords for `account` that each break one rule of the policy (docs/security.md), with
 * the message every place that sets a password must answer. Most would have passed the old
 * rule (8–32 characters with a letter and a digit), so a place still on it fails here.
 */
export function passwordsBreakingPolicy(account: string): { password: string; message: string }[] {
  return [
    { password: 'abc12345678', message: systemMessages.passwordTooShort },
    { password: '密码'.repeat(5), message: systemMessages.passwordTooShort },
    { password: `a1${'x'.repeat(127)}`, message: systemMessages.passwordTooLong },
    { password: `${account}-river-2024`, message: systemMessages.passwordContainsAccount },
    { password: `My ${account.toUpperCase()} lamp 2024`, message: systemMessages.passwordContainsAccount },
    { password: 'password1234', message: systemMessages.passwordTooCommon },
    { password: 'Qwerty123456', message: systemMessages.passwordTooCommon },
  ];
}

/**
 * Passwords the policy takes and the old rule refused: no digit, spaces kept at both ends,
 * Chinese, and the full 128 characters.
 */
export const passwordsNowAllowed = ['  correct horse battery staple ', '会员单位的密码可以是一句中文', `${'长'.repeat(64)}${'x'.repeat(64)}`] as const;

/** One password per rule, for places where each try is slow (a process started per try). */
export const onePasswordPerRule = (account: string) =>
  passwordsBreakingPolicy(account).filter((entry, i, all) => all.findIndex((other) => other.message === entry.message) === i);
