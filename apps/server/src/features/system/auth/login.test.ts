import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, attemptLogin, captcha, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../../test/concurrency.js';
import { createTestApp, engines, envelope, type TestApp } from '../../../../test/harness.js';
import { passwordsBreakingPolicy, passwordsNowAllowed } from '../../../../test/passwords.js';
import { ensureSystemSeed } from '../seed.js';

const MINUTE = 60_000;
const LOCKED_FOR_10 = '登录失败次数过多，账号已锁定，请10分钟后再试';

describe.each(engines)('admin sign-in on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/XfSystemApi/Login', payload }).then((r) => envelope<string>(r));
  const loginUser = (token: string) =>
    adminCall<{ Account: string; RoleName: string; IsSuper: boolean; ButtonL: string[] }>(t, token, 'GET', '/api/XfSystemApi/GetLoginUser');
  const auditRows = () => t.app.services.database.db.selectFrom('audit_logs').selectAll().where('action', '=', 'auth:login').orderBy('id', 'desc').execute();

  describe('captcha', () => {
    it('answers a PNG data URL in Data and the ticket in Url', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/XfSystemApi/GetCode' });
      const body = JSON.parse(res.body) as { Code: number; Data: string; Url: string };
      expect(body.Code).toBe(200);
      expect(body.Data).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(body.Data.split(',')[1] ?? '', 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(body.Url).toMatch(/^[\w-]{32}$/);
      expect(t.captchas.get(body.Url)).toMatch(/^[A-Z0-9]{4}$/);
      expect(t.captchas.get(body.Url)).not.toMatch(/[01OIL]/);
    });

    it('accepts the answer in any case, once', async () => {
      const { ticket, answer } = await captcha(t);
      const first = await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer.toLowerCase(), FullName: ticket });
      expect(first.Code).toBe(200);
      const again = await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket });
      expect(again).toEqual({ Code: 400, Message: '验证码错误或已过期', Data: null });
    });

    it('is used up by a wrong answer too', async () => {
      const { ticket, answer } = await captcha(t);
      const wrong = await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer === 'AAAA' ? 'CCCC' : 'AAAA', FullName: ticket });
      expect(wrong.Message).toBe('验证码错误或已过期');
      const right = await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: answer, FullName: ticket });
      expect(right.Message).toBe('验证码错误或已过期');
    });

    it('expires after 5 minutes', async () => {
      const inTime = await captcha(t);
      clock.advance(5 * MINUTE);
      expect((await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: inTime.answer, FullName: inTime.ticket })).Code).toBe(200);
      const late = await captcha(t);
      clock.advance(5 * MINUTE + 1000);
      expect((await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: late.answer, FullName: late.ticket })).Message).toBe('验证码错误或已过期');
    });

    it('refuses a missing or unknown ticket', async () => {
      expect((await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: 'ACDE' })).Message).toBe('验证码错误或已过期');
      expect((await login({ Account: 'admin', Password: ADMIN_PASSWORD, TreeCode: 'ACDE', FullName: 'no-such-ticket' })).Message).toBe('验证码错误或已过期');
    });
  });

  it('asks for account, password and captcha in that order (spec §5)', async () => {
    expect((await login({ Password: 'x', TreeCode: 'x', FullName: 'x' })).Message).toBe('请输入账号');
    expect((await login({ Account: '  ', Password: 'x', TreeCode: 'x' })).Message).toBe('请输入账号');
    expect((await login({ Account: 'admin', TreeCode: 'x' })).Message).toBe('请输入密码');
    expect((await login({ Account: 'admin', Password: 'x', TreeCode: '' })).Message).toBe('请输入验证码');
    expect((await login({ account: 'admin', password: 'x' })).Message).toBe('请输入验证码');
  });

  it('signs in with a token for the admin session, recorded in the audit log', async () => {
    const token = await loginAdmin(t);
    const user = await loginUser(token);
    expect(user.Code).toBe(200);
    expect(user.Data).toMatchObject({ Account: 'admin', RoleName: '超级管理员', IsSuper: true });
    expect(user.Data.ButtonL).toEqual([...allPermissions].sort());
    const [last] = await auditRows();
    expect(last).toMatchObject({ account: 'admin', result: 1, ip: '127.0.0.1' });
    expect(last?.admin_id).toBeGreaterThan(0);
  });

  it('takes the token from the token header or Authorization: Bearer', async () => {
    const token = await loginAdmin(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/XfSystemApi/GetLoginUser', headers: { authorization: `Bearer ${token}` } });
    expect(envelope(res).Code).toBe(200);
  });

  it('gives the same answer for an unknown account and a wrong password, and audits both', async () => {
    const unknown = await attemptLogin(t, 'nobody', ADMIN_PASSWORD);
    const wrong = await attemptLogin(t, 'admin', 'wrong-password1');
    expect(unknown).toEqual({ Code: 400, Message: '账号或密码错误', Data: null });
    expect(wrong).toEqual(unknown);
    const [onWrong, onUnknown] = await auditRows();
    expect(onUnknown).toMatchObject({ account: 'nobody', admin_id: null, result: 0, detail: '账号不存在' });
    expect(onWrong).toMatchObject({ account: 'admin', result: 0, detail: '密码错误' });
    // A later success starts the count again.
    await loginAdmin(t);
  });

  it('locks an account for 10 minutes after 5 wrong passwords, saying how long', async () => {
    for (let i = 1; i <= 4; i++) expect((await attemptLogin(t, 'admin', `wrong-${i}a`)).Message).toBe('账号或密码错误');
    expect((await attemptLogin(t, 'admin', 'wrong-5a')).Message).toBe(LOCKED_FOR_10);
    clock.advance(3 * MINUTE + 30_000);
    // Even the right password is refused while locked.
    expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Message).toBe('登录失败次数过多，账号已锁定，请7分钟后再试');
    clock.advance(6 * MINUTE + 30_000);
    expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Code).toBe(200);
  });

  it('checks at most 5 of 30 wrong passwords arriving at once, on either instance, and refuses the rest unchecked', async () => {
    await createAdmin(t, await loginAdmin(t), 'burst1', '内容编辑');
    const captchas: Awaited<ReturnType<typeof captcha>>[] = [];
    for (let i = 0; i < 30; i++) captchas.push(await captcha(t));
    const shared = await sharingInstances(t, { now: clock.now });
    try {
      const answers = await atOnce(shared.apps, 30, (on, i) =>
        on.app
          .inject({
            method: 'POST',
            url: '/api/XfSystemApi/Login',
            payload: { Account: 'burst1', Password: `wrong-${i}a`, TreeCode: captchas[i]!.answer, FullName: captchas[i]!.ticket },
          })
          .then((r) => envelope(r).Message),
      );
      expect(answers.filter((m) => m === '账号或密码错误')).toHaveLength(4);
      expect(answers.filter((m) => m !== '账号或密码错误')).toEqual(Array(26).fill(LOCKED_FOR_10));
    } finally {
      await shared.close();
    }
    // Five checked and found wrong, the fifth starting the lock; the other 25 never checked.
    const details = (await auditRows()).filter((r) => r.account === 'burst1' && r.result === 0).map((r) => r.detail);
    expect(details.sort()).toEqual([...Array(4).fill('密码错误'), '密码错误，账号已锁定', ...Array(25).fill('账号已锁定')].sort());
    expect((await attemptLogin(t, 'burst1', ADMIN_PASSWORD)).Message).toBe(LOCKED_FOR_10);
    clock.advance(10 * MINUTE);
    // The count lapsed with the lock: four wrong passwords are under the allowance again, and the
    // right one, as the fifth try, opens.
    for (let i = 1; i <= 4; i++) expect((await attemptLogin(t, 'burst1', `wrong-${30 + i}a`)).Message).toBe('账号或密码错误');
    expect((await attemptLogin(t, 'burst1', ADMIN_PASSWORD)).Code).toBe(200);
    // A new admin and some forty sign-in calls, on a machine the other suites share.
  }, 60_000);

  describe('sessions', () => {
    const idle = () => t.config.adminSession.idleMinutes * MINUTE;

    it('end after the idle period without calls', async () => {
      const token = await loginAdmin(t);
      clock.advance(idle() - MINUTE);
      expect((await loginUser(token)).Code).toBe(200);
      clock.advance(idle() - MINUTE);
      expect((await loginUser(token)).Code).toBe(200);
      clock.advance(idle() + MINUTE);
      expect(await loginUser(token)).toEqual({ Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null });
    });

    it('end at their absolute lifetime however active', async () => {
      const token = await loginAdmin(t);
      const lifetime = t.config.adminSession.maxHours * 60 * MINUTE;
      for (let spent = 0; spent + 60 * MINUTE < lifetime; spent += 60 * MINUTE) {
        clock.advance(60 * MINUTE);
        expect((await loginUser(token)).Code).toBe(200);
      }
      clock.advance(60 * MINUTE);
      expect((await loginUser(token)).Code).toBe(402);
    });

    it('end at logout; a second logout says so', async () => {
      const token = await loginAdmin(t);
      const other = await loginAdmin(t);
      expect(await adminCall(t, token, 'POST', '/api/XfSystemApi/Logout')).toEqual({ Code: 200, Message: '退出成功', Data: null });
      expect((await loginUser(token)).Code).toBe(402);
      expect((await loginUser(other)).Code).toBe(200);
      expect(await adminCall(t, token, 'POST', '/api/XfSystemApi/Logout')).toEqual({ Code: 200, Message: '已退出登录', Data: null });
    });

    it('refuse a missing or made-up token with Code 402', async () => {
      expect((await adminCall(t, undefined, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(402);
      expect((await adminCall(t, 'made-up-token', 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(402);
    });
  });

  describe('EditAdminPwd', () => {
    const edit = (token: string, payload: Record<string, unknown>) => adminCall(t, token, 'POST', '/api/XfSystemApi/EditAdminPwd', payload);

    it('validates with the spec §5 messages and the password policy', async () => {
      const token = await loginAdmin(t);
      expect((await edit(token, { Newpwd: 'abc-river-12345', againNewpwd: 'abc-river-12345' })).Message).toBe('请输入旧密码');
      expect((await edit(token, { Password: ADMIN_PASSWORD, againNewpwd: 'abc-river-12345' })).Message).toBe('请输入新密码');
      expect((await edit(token, { Password: ADMIN_PASSWORD, Newpwd: 'abc-river-12345' })).Message).toBe('请再次输入新密码');
      expect((await edit(token, { Password: ADMIN_PASSWORD, Newpwd: 'abc-river-12345', againNewpwd: 'abc-river-12346' })).Message).toBe('两次输入密码不一致！');
      for (const { password, message } of passwordsBreakingPolicy('admin')) {
        expect((await edit(token, { Password: ADMIN_PASSWORD, Newpwd: password, againNewpwd: password })).Message, password).toBe(message);
      }
      expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Code).toBe(200);
      expect((await edit(token, { Password: 'not-my-password1', Newpwd: 'abc-river-12345', againNewpwd: 'abc-river-12345' })).Message).toBe('旧密码错误');
      expect((await edit(token, { Password: ADMIN_PASSWORD, Newpwd: ADMIN_PASSWORD, againNewpwd: ADMIN_PASSWORD })).Message).toBe('新密码不能与旧密码相同');
    });

    it('takes any password the policy allows, spaces and all, and signs in with it exactly as typed', async () => {
      let current = ADMIN_PASSWORD;
      for (const password of passwordsNowAllowed) {
        const token = await loginAdmin(t, 'admin', current);
        expect((await edit(token, { Password: current, Newpwd: password, againNewpwd: password })).Message).toBe('修改成功');
        if (password !== password.trim()) expect((await attemptLogin(t, 'admin', password.trim())).Message).toBe('账号或密码错误');
        current = password;
      }
      const token = await loginAdmin(t, 'admin', current);
      await edit(token, { Password: current, Newpwd: ADMIN_PASSWORD, againNewpwd: ADMIN_PASSWORD });
    });

    it('changes the password and ends the other sessions of the admin', async () => {
      const current = await loginAdmin(t);
      const elsewhere = await loginAdmin(t);
      const changed = await edit(current, { Password: ADMIN_PASSWORD, Newpwd: 'Changed-lamp-2024', againNewpwd: 'Changed-lamp-2024' });
      expect(changed).toEqual({ Code: 200, Message: '修改成功', Data: null });
      expect((await loginUser(current)).Code).toBe(200);
      expect((await loginUser(elsewhere)).Code).toBe(402);
      expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Message).toBe('账号或密码错误');
      const fresh = await loginAdmin(t, 'admin', 'Changed-lamp-2024');
      await edit(fresh, { Password: 'Changed-lamp-2024', Newpwd: ADMIN_PASSWORD, againNewpwd: ADMIN_PASSWORD });
    });

    it('is the score portal’s call too, under /api/XfWebApi with the admin token and the same rules', async () => {
      const viaPortal = (token: string | undefined, payload: Record<string, unknown>) => adminCall(t, token, 'POST', '/api/XfWebApi/EditAdminPwd', payload);
      const token = await loginAdmin(t);
      expect((await viaPortal(undefined, { Password: ADMIN_PASSWORD, Newpwd: 'Portal-lamp-2024', againNewpwd: 'Portal-lamp-2024' })).Code).toBe(402);
      expect((await viaPortal(token, { Password: ADMIN_PASSWORD, Newpwd: 'Portal-lamp-2024', againNewpwd: 'Portal-lamp-2025' })).Message).toBe(
        '两次输入密码不一致！',
      );
      expect((await viaPortal(token, { Password: ADMIN_PASSWORD, Newpwd: 'Portal-lamp-2024', againNewpwd: 'Portal-lamp-2024' })).Message).toBe('修改成功');
      expect((await attemptLogin(t, 'admin', 'Portal-lamp-2024')).Code).toBe(200);
      const fresh = await loginAdmin(t, 'admin', 'Portal-lamp-2024');
      await edit(fresh, { Password: 'Portal-lamp-2024', Newpwd: ADMIN_PASSWORD, againNewpwd: ADMIN_PASSWORD });
    });

    it('counts wrong old passwords toward the sign-in lockout; the locking guess ends every session', async () => {
      const session = await loginAdmin(t);
      const other = await loginAdmin(t);
      for (let i = 1; i <= 4; i++)
        expect((await edit(session, { Password: `wrong-${i}a`, Newpwd: 'Guessed-lamp-2024', againNewpwd: 'Guessed-lamp-2024' })).Message).toBe('旧密码错误');
      expect((await edit(session, { Password: 'wrong-5a', Newpwd: 'Guessed-lamp-2024', againNewpwd: 'Guessed-lamp-2024' })).Message).toBe(LOCKED_FOR_10);
      expect((await loginUser(session)).Code).toBe(402);
      expect((await loginUser(other)).Code).toBe(402);
      expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Message).toBe(LOCKED_FOR_10);
      clock.advance(10 * MINUTE);
      // The account is found whatever the letter case typed.
      expect((await attemptLogin(t, 'ADMIN', ADMIN_PASSWORD)).Code).toBe(200);
    });
  });
});

describe.each(engines)('sign-in throttling on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { adminSession: { idleMinutes: 120, maxHours: 12, loginsPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers Code 429 after too many attempts from one address', async () => {
    for (let i = 0; i < 3; i++) expect((await attemptLogin(t, 'someone', 'password1')).Message).toBe('账号或密码错误');
    const res = await t.app.inject({ method: 'POST', url: '/api/XfSystemApi/Login', payload: { Account: 'someone', Password: 'password1', TreeCode: 'ACDE' } });
    expect(res.statusCode).toBe(429);
    expect(envelope(res)).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
  });
});

describe.each(engines)('back-office bootstrap on %s', (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** A real logger whose lines land in `lines`. */
  const capture = () =>
    Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push((JSON.parse(line) as { msg: string }).msg) } } }).log;

  it('creates the admin with a generated password, shown once', async () => {
    const first = await ensureSystemSeed(t.app.services, capture());
    // The log says where to look; the password itself goes only to the start-up notice (ops/first-admin.ts).
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('初始密码见启动时的提示框');
    const password = first?.password ?? '';
    expect(lines[0]).not.toContain(password);
    // The policy asks for length, not a digit: one password in twelve drawn from this alphabet has none.
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await loginAdmin(t, 'admin', password)).toBeTruthy();
    const stored = await t.app.services.database.db.selectFrom('admin_users').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(password);
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('changes nothing and logs nothing on later starts', async () => {
    const db = t.app.services.database.db;
    const count = async () =>
      Promise.all(
        (['system_menus', 'roles', 'role_menus', 'admin_users'] as const).map(async (table) => (await db.selectFrom(table).selectAll().execute()).length),
      );
    const before = await count();
    await ensureSystemSeed(t.app.services, capture());
    expect(await count()).toEqual(before);
    expect(lines).toHaveLength(1);
  });
});
