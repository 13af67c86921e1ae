import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, RoleDto, SystemMenuDto } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, captcha, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../../../test/harness.js';

/**
 * RFC 6238 computed here from its definition (RFC 4226 §5.3 truncation over HMAC-SHA-1 of the
 * 30-second counter), not with the server's library, so a wrong setting there fails the test.
 */
function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
}

function totp(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  return String(mac.readUInt32BE(offset) & 0x7fffffff)
    .slice(-6)
    .padStart(6, '0');
}

const STEP = 30_000;
const MINUTE = 60_000;
const flatten = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

/** A code that is none of the window's three (wrong whatever the step). */
function wrongCode(secret: string, at: number): string {
  const right = new Set([totp(secret, at - STEP), totp(secret, at), totp(secret, at + STEP)]);
  let code = 123456;
  while (right.has(String(code))) code += 1;
  return String(code);
}

describe.each(enginesFor('neutral'))('second factor (TOTP) on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let root: string;
  let menus: SystemMenuDto[];
  const menuIds = (...perms: Permission[]) => perms.map((p) => menus.find((m) => m.perms === p)?.MenuId as number);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    root = await loginAdmin(t);
    menus = flatten((await adminCall<SystemMenuDto[]>(t, root, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
  });
  afterAll(() => t.close());

  /** Login from an address of the test's choosing (lockouts are per address). */
  const login = async (account: string, password = ADMIN_PASSWORD, ip = '203.0.113.1') => {
    const { ticket, answer } = await captcha(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/XfSystemApi/Login',
      headers: { 'x-forwarded-for': ip },
      payload: { Account: account, Password: password, TreeCode: answer, FullName: ticket },
    });
    return envelope<string | null>(res);
  };
  const loginTotp = async (ticket: string, code: string, ip = '203.0.113.1') =>
    envelope<string | null>(
      await t.app.inject({ method: 'POST', url: '/api/XfSystemApi/LoginTotp', headers: { 'x-forwarded-for': ip }, payload: { Ticket: ticket, Code: code } }),
    );
  const me = (token: string) => adminCall<{ AdminId: number; TotpEnabled: boolean; TotpRequired: boolean }>(t, token, 'GET', '/api/XfSystemApi/GetLoginUser');
  const begin = (token: string) => adminCall<{ Secret: string; Uri: string; QrCode: string }>(t, token, 'POST', '/api/XfSystemApi/BeginTotp');
  const confirm = (token: string, code: string, password = ADMIN_PASSWORD) =>
    adminCall<{ RecoveryCodes: string[] }>(t, token, 'POST', '/api/XfSystemApi/ConfirmTotp', { Password: password, Code: code });
  const turnOff = (token: string, password: string, code: string) =>
    adminCall(t, token, 'POST', '/api/XfSystemApi/DisableTotp', { Password: password, Code: code });
  const renew = (token: string, password: string, code: string) =>
    adminCall<{ RecoveryCodes: string[] }>(t, token, 'POST', '/api/XfSystemApi/RenewRecoveryCodes', { Password: password, Code: code });
  const unusedCodes = (token: string) => adminCall<{ Unused: number; Total: number }>(t, token, 'GET', '/api/XfSystemApi/GetRecoveryCodeCount');
  const lastLogins = (account: string) =>
    t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['result as ok', 'detail'])
      .where('action', '=', 'auth:login')
      .where('account', '=', account)
      .orderBy('id', 'desc')
      .execute();
  /** The next step's clock, so each sign-in gets a code not used before. */
  const nextStep = () => clock.advance(STEP);

  /** Creates an admin with the role, signed in with their own password; answers id and token. */
  async function newAdmin(account: string, roleId: number): Promise<{ id: number; token: string }> {
    const initial = 'Initial2024pw';
    const saved = await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveAdminUser', {
      Account: account,
      FullName: account,
      RoleId: roleId,
      Password: initial,
    });
    expect(saved.Code, saved.Message).toBe(200);
    const first = await loginAdmin(t, account, initial);
    expect(
      (await adminCall(t, first, 'POST', '/api/XfSystemApi/EditAdminPwd', { Password: initial, Newpwd: ADMIN_PASSWORD, againNewpwd: ADMIN_PASSWORD })).Code,
    ).toBe(200);
    return { id: saved.Data, token: await loginAdmin(t, account) };
  }

  /** Enrols the admin of the token; answers the secret and the recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recovery: string[] }> {
    const setup = await begin(token);
    expect(setup.Code, setup.Message).toBe(200);
    const confirmed = await confirm(token, totp(setup.Data.Secret, clock.now()));
    expect(confirmed.Code, confirmed.Message).toBe(200);
    return { secret: setup.Data.Secret, recovery: confirmed.Data.RecoveryCodes };
  }

  describe('an admin enrolling, signing in and turning it off', () => {
    let token: string;
    /** The same admin's session from another sign-in, open when enrolment is confirmed. */
    let elsewhere: string;
    let secret: string;
    let recovery: string[];
    const account = 'totpuser';

    beforeAll(async () => {
      const role = await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '编辑甲', MenuIds: menuIds('content:news:list') });
      token = (await newAdmin(account, role.Data)).token;
    });

    it('starts enrolment with a pending secret: an otpauth URI and its QR code', async () => {
      expect((await me(token)).Data).toMatchObject({ TotpEnabled: false, TotpRequired: false });
      const setup = await begin(token);
      expect(setup.Code).toBe(200);
      secret = setup.Data.Secret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.Data.Uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/${t.config.site.name}:${account}`);
      expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: t.config.site.name, algorithm: 'SHA1', digits: '6', period: '30' });
      expect(setup.Data.QrCode).toMatch(/^data:image\/png;base64,/);
      // Pending: not on until a code confirms it, and Login still opens a session.
      expect((await me(token)).Data.TotpEnabled).toBe(false);
      const signedIn = await login(account);
      expect(signedIn.Code).toBe(200);
      elsewhere = signedIn.Data as string;
    });

    it('confirms with the password and a current code only, answering ten distinct recovery codes once', async () => {
      expect(await confirm(token, totp(secret, clock.now()), 'Wrong2024pw')).toMatchObject({ Code: 400, Message: '密码错误' });
      expect(await adminCall(t, token, 'POST', '/api/XfSystemApi/ConfirmTotp', { Code: totp(secret, clock.now()) })).toMatchObject({
        Code: 400,
        Message: '请输入密码',
      });
      expect(await confirm(token, wrongCode(secret, clock.now()))).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      expect(await confirm(token, '12345')).toMatchObject({ Code: 400, Message: '请输入动态验证码' });
      expect((await me(token)).Data.TotpEnabled).toBe(false);
      const confirmed = await confirm(token, totp(secret, clock.now()));
      expect(confirmed).toMatchObject({ Code: 200, Message: '二次验证已开启' });
      recovery = confirmed.Data.RecoveryCodes;
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);
      for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect((await me(token)).Data.TotpEnabled).toBe(true);
      // The sessions opened with the password alone end; the one that enrolled goes on.
      expect((await me(elsewhere)).Code).toBe(402);
      expect(await begin(token)).toMatchObject({ Code: 400, Message: '二次验证已开启，如需更换请先关闭' });
      expect(await confirm(token, totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '二次验证已开启，如需更换请先关闭' });
      // Only hashes are stored.
      const stored = await t.app.services.database.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
      expect(stored.map((r) => r.code_hash)).not.toContain(recovery[0]);
    });

    it('answers Code 512 and a ticket for a right password; the code then opens the session', async () => {
      // The code that confirmed enrolment is used: the same step is refused.
      const first = await login(account);
      expect(first).toMatchObject({ Code: 512, Message: '请输入动态验证码' });
      const ticket = first.Data as string;
      expect(ticket).toMatch(/^[\w-]{32}$/);
      // The ticket is no session.
      expect((await me(ticket)).Code).toBe(402);
      expect(await loginTotp(ticket, totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '该动态验证码已使用，请等待下一个验证码' });
      nextStep();
      const signedIn = await loginTotp(ticket, totp(secret, clock.now()));
      expect(signedIn).toMatchObject({ Code: 200, Message: '登录成功' });
      expect((await me(signedIn.Data as string)).Data.TotpEnabled).toBe(true);
      // Single use: the ticket is gone with the sign-in it completed.
      nextStep();
      expect(await loginTotp(ticket, totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '登录已过期，请重新输入账号密码' });
      // An unknown or ended ticket names no account: nothing to log against one.
      const [ok, reused] = await lastLogins(account);
      expect(ok).toMatchObject({ ok: 1, detail: '动态验证码' });
      expect(reused).toMatchObject({ ok: 0, detail: '动态验证码重复使用' });
    });

    it('accepts the code of one step either side, and refuses one used at a later step', async () => {
      nextStep();
      const earlier = totp(secret, clock.now() - STEP);
      const later = totp(secret, clock.now() + STEP);
      const a = await login(account);
      expect((await loginTotp(a.Data as string, later)).Code).toBe(200);
      // The earlier step is not after the last one used: refused, though within the window.
      const b = await login(account);
      expect(await loginTotp(b.Data as string, earlier)).toMatchObject({ Code: 400, Message: '该动态验证码已使用，请等待下一个验证码' });
      clock.advance(3 * STEP);
      expect(await loginTotp(b.Data as string, totp(secret, clock.now() - 2 * STEP))).toMatchObject({ Code: 400, Message: '动态验证码错误' });
    });

    it('keeps the ticket after a wrong code, logs the reason, and locks the account at the fifth wrong guess', async () => {
      nextStep();
      const ip = '198.51.100.7';
      const ticket = (await login(account, ADMIN_PASSWORD, ip)).Data as string;
      for (let i = 1; i <= 4; i += 1)
        expect(await loginTotp(ticket, wrongCode(secret, clock.now()), ip)).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      expect((await lastLogins(account))[0]).toMatchObject({ ok: 0, detail: '动态验证码错误' });
      // A right password does not clear the count while the code is still owed.
      const again = await login(account, ADMIN_PASSWORD, ip);
      expect(again.Code).toBe(512);
      const locked = await loginTotp(again.Data as string, wrongCode(secret, clock.now()), ip);
      expect(locked).toMatchObject({ Code: 400, Message: '登录失败次数过多，账号已锁定，请10分钟后再试' });
      expect((await lastLogins(account))[0]).toMatchObject({ ok: 0, detail: '动态验证码错误，账号已锁定' });
      // Locked from that address: the right code on the first ticket is refused too; another address is not locked.
      expect(await loginTotp(ticket, totp(secret, clock.now()), ip)).toMatchObject({ Code: 400, Message: '登录失败次数过多，账号已锁定，请10分钟后再试' });
      expect((await login(account, ADMIN_PASSWORD, ip)).Message).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
      expect((await login(account)).Code).toBe(512);
      clock.advance(10 * MINUTE);
    });

    it('ends a ticket after five minutes', async () => {
      nextStep();
      const ticket = (await login(account)).Data as string;
      clock.advance(5 * MINUTE + 1000);
      expect(await loginTotp(ticket, totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '登录已过期，请重新输入账号密码' });
      expect(await loginTotp('made-up-ticket', totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '登录已过期，请重新输入账号密码' });
    });

    it('takes each recovery code once, whatever its case and hyphen, and says so when one is used again', async () => {
      nextStep();
      const code = recovery[0] as string;
      expect((await unusedCodes(token)).Data).toEqual({ Unused: 10, Total: 10 });
      const first = await login(account);
      const signedIn = await loginTotp(first.Data as string, code.replace('-', '').toUpperCase());
      expect(signedIn.Code, signedIn.Message).toBe(200);
      expect((await lastLogins(account))[0]).toMatchObject({ ok: 1, detail: '恢复码' });
      const second = await login(account);
      expect(await loginTotp(second.Data as string, code)).toMatchObject({ Code: 400, Message: '该恢复码已使用过，请使用其他恢复码或动态验证码' });
      expect((await lastLogins(account))[0]).toMatchObject({ ok: 0, detail: '恢复码重复使用' });
      // A code never given is still a wrong code.
      expect(await loginTotp(second.Data as string, 'abcde-fghjk')).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      expect((await lastLogins(account))[0]).toMatchObject({ ok: 0, detail: '恢复码错误' });
      expect((await loginTotp(second.Data as string, recovery[1] as string)).Code).toBe(200);
      expect((await unusedCodes(token)).Data).toEqual({ Unused: 8, Total: 10 });
    });

    it('renews the recovery codes with the password and a current code: the old ones stop working, the new ones work', async () => {
      nextStep();
      expect(await renew(token, 'Wrong2024pw', totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '密码错误' });
      expect(await renew(token, ADMIN_PASSWORD, wrongCode(secret, clock.now()))).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      // A recovery code cannot renew the recovery codes.
      expect(await renew(token, ADMIN_PASSWORD, recovery[2] as string)).toMatchObject({ Code: 400, Message: '请输入动态验证码' });
      const renewed = await renew(token, ADMIN_PASSWORD, totp(secret, clock.now()));
      expect(renewed).toMatchObject({ Code: 200, Message: '恢复码已重新生成，原有恢复码已失效' });
      const fresh = renewed.Data.RecoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => recovery.includes(code))).toEqual([]);
      expect((await unusedCodes(token)).Data).toEqual({ Unused: 10, Total: 10 });

      const old = await login(account);
      expect(await loginTotp(old.Data as string, recovery[3] as string)).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      expect((await loginTotp(old.Data as string, fresh[0] as string)).Code).toBe(200);
      expect((await unusedCodes(token)).Data).toEqual({ Unused: 9, Total: 10 });
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['result as ok'])
        .where('action', '=', 'auth:recoveryCodes')
        .where('account', '=', account)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.ok)).toEqual([0, 0, 1]);
      recovery = fresh;
    });

    it('turns off with the password and a current code only', async () => {
      nextStep();
      expect(await turnOff(token, 'Wrong2024pw', totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '密码错误' });
      expect(await turnOff(token, ADMIN_PASSWORD, wrongCode(secret, clock.now()))).toMatchObject({ Code: 400, Message: '动态验证码错误' });
      // A recovery code does not turn it off.
      expect(await turnOff(token, ADMIN_PASSWORD, recovery[2] as string)).toMatchObject({ Code: 400, Message: '请输入动态验证码' });
      expect(await turnOff(token, ADMIN_PASSWORD, totp(secret, clock.now()))).toMatchObject({ Code: 200, Message: '二次验证已关闭' });
      expect((await me(token)).Data.TotpEnabled).toBe(false);
      expect((await login(account)).Code).toBe(200);
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['action', 'result as ok'])
        .where('action', 'in', ['auth:totpOn', 'auth:totpOff'])
        .where('account', '=', account)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => `${a.action}:${a.ok}`)).toEqual([
        'auth:totpOn:0',
        'auth:totpOn:0',
        'auth:totpOn:1',
        'auth:totpOn:0',
        'auth:totpOff:0',
        'auth:totpOff:0',
        'auth:totpOff:1',
      ]);
    });
  });

  describe('a session held without the password', () => {
    it('cannot turn the second factor on: each wrong password counts, and the fifth locks the account and ends its sessions', async () => {
      const role = await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '编辑乙', MenuIds: menuIds('content:news:list') });
      const { token } = await newAdmin('sessiononly', role.Data);
      const other = (await login('sessiononly', ADMIN_PASSWORD, '127.0.0.1')).Data as string;
      const { Data: setup } = await begin(token);
      for (let i = 1; i <= 4; i += 1)
        expect(await confirm(token, totp(setup.Secret, clock.now()), `Guess${i}-2024pw`)).toMatchObject({ Code: 400, Message: '密码错误' });
      expect(await confirm(token, totp(setup.Secret, clock.now()), 'Guess5-2024pw')).toMatchObject({
        Code: 400,
        Message: '登录失败次数过多，账号已锁定，请10分钟后再试',
      });
      expect((await me(token)).Code).toBe(402);
      expect((await me(other)).Code).toBe(402);
      const row = await t.app.services.database.db
        .selectFrom('admin_second_factors')
        .innerJoin('admin_users', 'admin_users.id', 'admin_second_factors.admin_id')
        .select('enabled')
        .where('account', '=', 'sessiononly')
        .executeTakeFirstOrThrow();
      expect(row.enabled).toBe(0);
      clock.advance(10 * MINUTE);
    });
  });

  describe('a role that requires it', () => {
    let roleId: number;
    let user: { id: number; token: string };

    beforeAll(async () => {
      clock.advance(MINUTE);
      roleId = (
        await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '财务', RequireTotp: 1, MenuIds: menuIds('content:news:list') })
      ).Data;
      user = await newAdmin('secure', roleId);
    });

    it('is a role setting that SaveRole keeps when a client leaves it out', async () => {
      const role = () => adminCall<RoleDto>(t, root, 'GET', `/api/XfSystemApi/GetRole/${roleId}`);
      expect((await role()).Data.RequireTotp).toBe(1);
      expect(
        (
          await adminCall(t, root, 'POST', '/api/XfSystemApi/SaveRole', {
            RoleId: roleId,
            RoleName: '财务',
            Remark: '旧客户端',
            MenuIds: menuIds('content:news:list'),
          })
        ).Code,
      ).toBe(200);
      expect((await role()).Data).toMatchObject({ RequireTotp: 1, Remark: '旧客户端' });
      expect((await adminCall(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleId: roleId, RoleName: '财务', RequireTotp: 2 })).Message).toBe(
        '状态只能是0或1',
      );
      const list = await adminCall<{ List: RoleDto[] }>(t, root, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999');
      expect(list.Data.List.find((r) => r.RoleId === roleId)?.RequireTotp).toBe(1);
      expect(list.Data.List.find((r) => r.RoleName === '内容编辑')?.RequireTotp).toBe(0);
    });

    it('opens nothing but enrolment until the second factor is on', async () => {
      expect((await me(user.token)).Data).toMatchObject({ TotpEnabled: false, TotpRequired: true });
      const refused = { Code: 403, Message: '当前角色要求开启二次验证，请先完成绑定' };
      expect(await adminCall(t, user.token, 'GET', '/api/XfSystemApi/GetSystemMenuList')).toMatchObject(refused);
      expect(await adminCall(t, user.token, 'GET', '/api/XfSysBussiness/GetNewsList')).toMatchObject(refused);
      expect(
        await adminCall(t, user.token, 'POST', '/api/XfSystemApi/EditAdminPwd', {
          Password: ADMIN_PASSWORD,
          Newpwd: 'Other-lamp-2024',
          againNewpwd: 'Other-lamp-2024',
        }),
      ).toMatchObject(refused);
      const { secret } = await enrol(user.token);
      expect((await me(user.token)).Data).toMatchObject({ TotpEnabled: true, TotpRequired: true });
      expect((await adminCall(t, user.token, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Code).toBe(200);
      nextStep();
      expect(await turnOff(user.token, ADMIN_PASSWORD, totp(secret, clock.now()))).toMatchObject({ Code: 400, Message: '当前角色要求开启二次验证，不能关闭' });
    });

    it('is reset by an admin who may edit that admin, audited; the owner must enrol again', async () => {
      const reset = await adminCall(t, root, 'POST', `/api/XfSystemApi/ResetAdminTotp/${user.id}`);
      expect(reset).toMatchObject({ Code: 200, Message: '已重置该管理员的二次验证' });
      const [entry] = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['account', 'target_id', 'result as ok', 'detail'])
        .where('action', '=', 'auth:totpReset')
        .execute();
      expect(entry).toMatchObject({ account: 'admin', target_id: String(user.id), ok: 1, detail: 'secure' });
      expect((await me(user.token)).Data).toMatchObject({ TotpEnabled: false, TotpRequired: true });
      expect((await adminCall(t, user.token, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Code).toBe(403);
      // Password alone again, then enrolment only.
      expect((await login('secure')).Code).toBe(200);
      expect(await adminCall(t, root, 'POST', `/api/XfSystemApi/ResetAdminTotp/${user.id}`)).toMatchObject({ Code: 400, Message: '该管理员未开启二次验证' });
      expect(await adminCall(t, root, 'POST', '/api/XfSystemApi/ResetAdminTotp/99999')).toMatchObject({ Code: 404, Message: '管理员不存在' });
      const rootId = (await me(root)).Data.AdminId;
      expect(await adminCall(t, root, 'POST', `/api/XfSystemApi/ResetAdminTotp/${rootId}`)).toMatchObject({
        Code: 400,
        Message: '不能重置自己的二次验证，请在账号菜单中关闭',
      });
    });

    it('refuses a reset to admins without system:admin:edit, or beyond their authority', async () => {
      const { secret } = await enrol(user.token);
      expect(secret).toBeTruthy();
      const viewerRole = (
        await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '只看账号', MenuIds: menuIds('system:admin:list') })
      ).Data;
      const viewer = await newAdmin('viewer', viewerRole);
      expect(await adminCall(t, viewer.token, 'POST', `/api/XfSystemApi/ResetAdminTotp/${user.id}`)).toMatchObject({ Code: 403 });
      // May edit admins, but the target's role holds a grant theirs does not.
      const editorRole = (
        await adminCall<number>(t, root, 'POST', '/api/XfSystemApi/SaveRole', {
          RoleName: '账号编辑',
          MenuIds: menuIds('system:admin:list', 'system:admin:edit'),
        })
      ).Data;
      const editor = await newAdmin('editor', editorRole);
      expect(await adminCall(t, editor.token, 'POST', `/api/XfSystemApi/ResetAdminTotp/${user.id}`)).toMatchObject({
        Code: 400,
        Message: '不能修改或删除权限超出自己的管理员',
      });
      expect(await adminCall(t, editor.token, 'POST', `/api/XfSystemApi/ResetAdminTotp/${(await me(root)).Data.AdminId}`)).toMatchObject({
        Code: 400,
        Message: '只有超级管理员可以设置或修改超级管理员',
      });
      expect((await me(user.token)).Data.TotpEnabled).toBe(true);
      // Within their authority it goes: the viewer holds only grants the editor holds.
      const viewerSecret = (await enrol(viewer.token)).secret;
      expect(viewerSecret).toBeTruthy();
      expect((await adminCall(t, editor.token, 'POST', `/api/XfSystemApi/ResetAdminTotp/${viewer.id}`)).Code).toBe(200);
      const failed = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select('account')
        .where('action', '=', 'auth:totpReset')
        .where('result', '=', 0)
        .execute();
      expect(failed.map((r) => r.account)).toEqual(['admin', 'admin', 'admin', 'editor', 'editor']);
    });
  });
});
