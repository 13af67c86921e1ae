import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenCreatedDto, ApiTokenDto, AuditLogDto } from '@portal/shared';
import { engines, type TestApp } from '../../../../test/harness.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';

type Audit = { List: AuditLogDto[] };

describe.each(engines)('API tokens on %s', (engine) => {
  let t: TestApp;
  let superToken: string;
  let editorRoleId: number;
  const clock = testClock();

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    superToken = await loginAdmin(t);
    const roles = await adminCall<{ List: { RoleId: number; RoleName: string }[] }>(t, superToken, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999');
    editorRoleId = roles.Data.List.find((r) => r.RoleName === '内容编辑')!.RoleId;
  });
  afterAll(() => t.close());

  const create = (Name: string, RoleId = editorRoleId) =>
    adminCall<ApiTokenCreatedDto>(t, superToken, 'POST', '/api/XfSystemApi/SaveApiToken', { Name, RoleId, Remark: '考试系统同步' });
  const audit = async (account: string) =>
    (await adminCall<Audit>(t, superToken, 'GET', `/api/XfSystemApi/GetAuditLogList?pagesize=100&account=${encodeURIComponent(account)}`)).Data.List;

  it('is shown once at creation, stored hashed, and listed without its secret', async () => {
    const created = await create('exam-sync');
    expect(created.Code, created.Message).toBe(200);
    expect(created.Data.Token).toMatch(/^apt_[A-Za-z0-9_-]{43}$/);
    const row = await t.app.services.database.db.selectFrom('api_tokens').selectAll().where('name', '=', 'exam-sync').executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.Data.Token.slice(4));
    const listed = await adminCall<{ List: ApiTokenDto[] }>(t, superToken, 'GET', '/api/XfSystemApi/GetApiTokenList');
    const dto = listed.Data.List.find((d) => d.Name === 'exam-sync')!;
    expect(dto).toMatchObject({ RoleId: editorRoleId, RoleName: '内容编辑', CreatedBy: 'admin', LastUsedTime: '', RevokeTime: '', Remark: '考试系统同步' });
    expect(JSON.stringify(listed)).not.toContain(created.Data.Token);
  });

  it('refuses a taken or malformed name, and an unknown role, writing nothing', async () => {
    expect(await create('exam-sync')).toMatchObject({ Code: 400, Message: '令牌名称已存在' });
    expect(await create('考试 系统')).toMatchObject({ Code: 400, Message: '令牌名称为1-50位字母、数字、下划线、连字符或点' });
    expect(await create('orphan', 99_999)).toMatchObject({ Code: 400, Message: '角色不存在' });
    const count = await t.app.services.database.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it("acts with its role's permissions only, audited under its name, with its last-used time", async () => {
    const { Data } = await create('editor-bot');
    const token = Data.Token;
    const words = await adminCall(t, token, 'GET', '/api/XfSysBussiness/GetSensitiveWordList');
    expect(words.Code, words.Message).toBe(200);
    // Authorization: Bearer works as for sessions.
    const bearer = await t.app.inject({ url: '/api/XfSysBussiness/GetSensitiveWordList', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.json<{ Code: number }>().Code).toBe(200);
    const saved = await adminCall(t, token, 'POST', '/api/XfSysBussiness/SaveSensitiveWords', { Words: '令牌测试词' });
    expect(saved.Code, saved.Message).toBe(200);
    // 内容编辑 holds no system permissions.
    expect((await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(403);
    expect((await adminCall(t, token, 'POST', '/api/XfSystemApi/SaveApiToken', { Name: 'escalate', RoleId: 1 })).Code).toBe(403);

    const rows = await audit('token:editor-bot');
    const actions = rows.map((r) => r.Action);
    expect(actions.filter((a) => a === 'auth:token')).toHaveLength(5);
    expect(actions).toContain('content:word:add');
    expect(actions).toContain('auth:forbidden');
    expect(rows.find((r) => r.Action === 'auth:token')!.Detail).toMatch(/^(GET|POST) \/api\//);

    const listed = await adminCall<{ List: ApiTokenDto[] }>(t, superToken, 'GET', '/api/XfSystemApi/GetApiTokenList');
    expect(listed.Data.List.find((d) => d.Name === 'editor-bot')!.LastUsedTime).toBe('2024-06-01 10:00:00');
  });

  it('stops working when revoked, and stays listed as revoked', async () => {
    const { Data } = await create('short-lived');
    expect((await adminCall(t, Data.Token, 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(200);
    clock.advance(60_000);
    const revoked = await adminCall(t, superToken, 'POST', `/api/XfSystemApi/DelApiToken/${Data.TokenId}`);
    expect(revoked.Code, revoked.Message).toBe(200);
    expect(await adminCall(t, Data.Token, 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).toMatchObject({ Code: 402 });
    const listed = await adminCall<{ List: ApiTokenDto[] }>(t, superToken, 'GET', '/api/XfSystemApi/GetApiTokenList');
    expect(listed.Data.List.find((d) => d.Name === 'short-lived')!.RevokeTime).toBe('2024-06-01 10:01:00');
    expect((await audit('admin')).some((r) => r.Action === 'system:token:delete' && r.Detail === 'short-lived')).toBe(true);
    expect(await adminCall(t, superToken, 'POST', '/api/XfSystemApi/DelApiToken/99999')).toMatchObject({ Code: 404, Message: '令牌不存在' });
  });

  it('is refused on member calls, and an unknown token is refused everywhere', async () => {
    const { Data } = await create('member-probe', 1);
    const member = await t.app.inject({ url: '/api/XfWebApi/GetUserInfo', headers: { token: Data.Token } });
    expect(member.json<{ Code: number }>().Code).toBe(401);
    expect((await adminCall(t, 'apt_not-a-real-token', 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(402);
  });

  it('has no second factor: enrolling or turning one off is refused in words, not Code 500, and writes nothing', async () => {
    const { Data } = await create('totp-probe', 1);
    const refused = { Code: 403, Message: '接口令牌没有二次验证，请由管理员登录后在账号菜单中设置', Data: null };
    expect(await adminCall(t, Data.Token, 'POST', '/api/XfSystemApi/BeginTotp')).toEqual(refused);
    expect(await adminCall(t, Data.Token, 'POST', '/api/XfSystemApi/ConfirmTotp', { Password: 'Any-password-2024', Code: '123456' })).toEqual(refused);
    expect(await adminCall(t, Data.Token, 'POST', '/api/XfSystemApi/DisableTotp', { Password: 'Any-password-2024', Code: '123456' })).toEqual(refused);
    const db = t.app.services.database.db;
    expect(await db.selectFrom('admin_second_factors').select('admin_id').execute()).toEqual([]);
    expect(await db.selectFrom('login_failures').select('account').execute()).toEqual([]);
  });

  it('needs the token permissions to be managed', async () => {
    await createAdmin(t, superToken, 'tokeneditor', '内容编辑');
    const editorToken = await loginAdmin(t, 'tokeneditor');
    expect((await adminCall(t, editorToken, 'GET', '/api/XfSystemApi/GetApiTokenList')).Code).toBe(403);
    expect((await adminCall(t, editorToken, 'POST', '/api/XfSystemApi/SaveApiToken', { Name: 'x', RoleId: editorRoleId })).Code).toBe(403);
  });
});
