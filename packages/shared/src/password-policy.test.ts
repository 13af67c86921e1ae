import { describe, expect, it } from 'vitest';
import { systemMessages } from './messages/system.js';
import { containsAccount, passwordLength, passwordPolicy, passwordProblem } from './password-policy.js';
import { applyMemberForm, editMemberInfoBody, editMemberPwdForm } from './schemas/members.js';
import { editAdminPwdBody, saveAdminUserBody } from './schemas/system.js';

describe('the password policy (ASVS 4.0 V2.1)', () => {
  it('takes 12 to 128 characters, counted as a person counts them', () => {
    expect(passwordPolicy).toEqual({ minLength: 12, maxLength: 128 });
    expect(passwordProblem('x'.repeat(11))).toBe(systemMessages.passwordTooShort);
    expect(passwordProblem('x'.repeat(12))).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe(systemMessages.passwordTooLong);
    // Six emoji are twelve UTF-16 units but six characters; 64 of them are 128 units and allowed.
    expect(passwordLength('🔑'.repeat(6))).toBe(6);
    expect(passwordProblem('🔑'.repeat(6))).toBe(systemMessages.passwordTooShort);
    expect(passwordProblem('🔑'.repeat(128))).toBeNull();
    expect(passwordProblem('我'.repeat(11))).toBe(systemMessages.passwordTooShort);
    expect(passwordProblem('我们协会的密码不必有字母')).toBeNull();
  });

  it('asks for no mix of letters, digits or symbols, and keeps spaces', () => {
    for (const password of ['onlylowercaseletters', '123456789012', 'correct horse battery staple', '  spaced out  ', '            ']) {
      expect(passwordProblem(password), password).toBeNull();
    }
    expect(passwordProblem(' eleven ch ')).toBe(systemMessages.passwordTooShort);
  });

  it('refuses a password holding the account, in any letter case', () => {
    expect(containsAccount('zhangsan', 'zhangsan')).toBe(true);
    expect(passwordProblem('zhangsan2024!', 'zhangsan')).toBe(systemMessages.passwordContainsAccount);
    expect(passwordProblem('My-ZhangSan-key', 'zhangsan')).toBe(systemMessages.passwordContainsAccount);
    expect(passwordProblem('my-zhangsan-key', ' ZhangSan ')).toBe(systemMessages.passwordContainsAccount);
    expect(passwordProblem('zhang-san-2024', 'zhangsan')).toBeNull();
    expect(passwordProblem('a password long enough', '')).toBeNull();
    // Length first: the message names the first thing to fix.
    expect(passwordProblem('zhangsan1', 'zhangsan')).toBe(systemMessages.passwordTooShort);
  });
});

describe('the forms and bodies that set a password', () => {
  const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
    (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);

  it('report the length rules on the password field', () => {
    expect(messagesOf(editAdminPwdBody.safeParse({ Password: 'old', Newpwd: 'short', againNewpwd: 'short' }), 'Newpwd')).toEqual([
      systemMessages.passwordTooShort,
    ]);
    expect(messagesOf(editMemberPwdForm.safeParse({ Pwd: 'old', Newpwd: 'x'.repeat(129), againNewpwd: 'x'.repeat(129) }), 'Newpwd')).toEqual([
      systemMessages.passwordTooLong,
    ]);
    // Empty means "unchanged" where a password is optional.
    expect(messagesOf(saveAdminUserBody.safeParse({ AdminId: 3, Account: 'lisi', FullName: '李四', RoleId: 2, Password: '' }), 'Password')).toEqual([]);
  });

  it('report a password holding the account on the password field, even before the rest is filled in', () => {
    expect(messagesOf(applyMemberForm.safeParse({ Account: 'bobco', Pwd: 'BobCo-river-lamp' }), 'Pwd')).toEqual([systemMessages.passwordContainsAccount]);
    expect(messagesOf(editMemberInfoBody.safeParse({ MemberId: 0, Account: 'bobco', Pwd: 'x-bobco-river-lamp' }), 'Pwd')).toEqual([
      systemMessages.passwordContainsAccount,
    ]);
    expect(messagesOf(saveAdminUserBody.safeParse({ Account: 'lisi', Password: 'LISI-river-lamp' }), 'Password')).toEqual([
      systemMessages.passwordContainsAccount,
    ]);
    expect(
      messagesOf(editMemberPwdForm.safeParse({ Pwd: 'old', Newpwd: 'bobco river lamp', againNewpwd: 'bobco river lamp', Account: 'bobco' }), 'Newpwd'),
    ).toEqual([systemMessages.passwordContainsAccount]);
    expect(messagesOf(applyMemberForm.safeParse({ Account: 'bobco', Pwd: 'a river lamp at dusk' }), 'Pwd')).toEqual([]);
  });
});
