import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMessages } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../../test/harness.js';
import { addMember, loginMember, MEMBER_PASSWORD, publicCall, seedTypeChoices } from '../../../../test/members.js';
import { generatePassword, isCommonPassword, newPasswordProblem } from './new-password.js';
import { hashPassword } from './passwords.js';

describe('the list of common passwords', () => {
  const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean);

  it('holds the 10,000 most common passwords of its source and the longer ones a person could still choose', () => {
    expect(list.length).toBeGreaterThan(10_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(list.filter((p) => [...p].length >= 12).length).toBeGreaterThan(300);
    expect(list.every((p) => p === p.normalize('NFKC').toLowerCase())).toBe(true);
  });

  it('matches whatever the letter case, and full-width letters as the hash sees them', () => {
    for (const password of ['password1234', 'Password1234', 'PASSWORD1234', 'ｐａｓｓｗｏｒｄ１２３４', '1qaz2wsx3edc', 'qwerty123456']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('a lantern by the river')).toBe(false);
  });

  it('is checked after the shared rules, each problem with its own message', () => {
    expect(newPasswordProblem('qwerty123456')).toBe(systemMessages.passwordTooCommon);
    expect(newPasswordProblem('qwerty123456', 'qwerty')).toBe(systemMessages.passwordContainsAccount);
    expect(newPasswordProblem('password')).toBe(systemMessages.passwordTooShort);
    expect(newPasswordProblem('a lantern by the river', 'admin')).toBeNull();
  });

  it('never answers a generated password that breaks a rule', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword('abc');
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(newPasswordProblem(password, 'abc')).toBeNull();
    }
  });
});

/**
 * Passwords set under the old rule (8–32 characters with a letter and a digit) are not checked
 * again: they sign in, and only the next change must meet the policy.
 */
describe.each(enginesFor('neutral'))('passwords set before the policy on %s', (engine) => {
  const OLD = 'abc12345';
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'veteran', '内容编辑');
    await addMember(t, admin, await seedTypeChoices(t), 'oldtimer');
    const { db } = t.app.services.database;
    await db
      .updateTable('admin_users')
      .set({ password_hash: await hashPassword(OLD) })
      .where('account', '=', 'veteran')
      .execute();
    await db
      .updateTable('members')
      .set({ password_hash: await hashPassword(OLD) })
      .where('account', '=', 'oldtimer')
      .execute();
  });
  afterAll(() => t.close());

  it('still sign an administrator in; the next change applies the policy', async () => {
    const session = await loginAdmin(t, 'veteran', OLD);
    const change = (Newpwd: string) => adminCall(t, session, 'POST', '/api/XfSystemApi/EditAdminPwd', { Password: OLD, Newpwd, againNewpwd: Newpwd });
    expect((await change('abc12346')).Message).toBe(systemMessages.passwordTooShort);
    expect((await change('password1234')).Message).toBe(systemMessages.passwordTooCommon);
    expect((await change(ADMIN_PASSWORD)).Code).toBe(200);
    await loginAdmin(t, 'veteran', ADMIN_PASSWORD);
  });

  it('still sign a member in; the next change applies the policy', async () => {
    const session = await loginMember(t, 'oldtimer', OLD);
    const change = (Newpwd: string) => publicCall(t, session, 'POST', 'EditMemberPwd', { Pwd: OLD, Newpwd });
    expect((await change('oldtimer-2024-lamp')).Message).toBe(systemMessages.passwordContainsAccount);
    expect((await change(MEMBER_PASSWORD)).Code).toBe(200);
    await loginMember(t, 'oldtimer', MEMBER_PASSWORD);
  });
});
