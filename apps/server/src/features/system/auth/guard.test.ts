import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyState, formatCst } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, insertMemberRow, loginAdmin } from '../../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../../test/harness.js';
import { hashToken } from './sessions.js';

/** Every system call that needs a permission, with a body that would otherwise be valid. */
const guardedCalls: [method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>][] = [
  ['GET', 'GetSystemMenuList?all=1'],
  ['POST', 'SaveSystemMenu', { MenuType: 1, menuname: '新目录' }],
  ['POST', 'SaveSystemMenu', { MenuId: 1, MenuType: 2, menuname: '工作台', path: 'home', component: 'dashboard/index' }],
  ['POST', 'DelSystemMenu/1'],
  ['GET', 'GetRoleList?pageindex=1&pagesize=999'],
  ['GET', 'GetRole/1'],
  ['POST', 'SaveRole', { RoleName: '新角色' }],
  ['POST', 'SaveRole', { RoleId: 2, RoleName: '内容编辑' }],
  ['POST', 'DelRole/2'],
  ['GET', 'GetAdminUserL'],
  ['POST', 'SaveAdminUser', { Account: 'intruder', FullName: '入侵', RoleId: 1, Password: 'Intrude-lamp-2024' }],
  ['POST', 'SaveAdminUser', { AdminId: 1, Account: 'admin', FullName: '改名', RoleId: 1 }],
  ['POST', 'DelAdminUser/1'],
  ['GET', 'GetAuditLogList'],
];

/** Calls any signed-in admin may make about themselves. */
const ownCalls: [method: 'GET' | 'POST', url: string][] = [
  ['GET', 'GetLoginUser'],
  ['GET', 'GetSystemMenuList'],
  ['POST', 'EditAdminPwd'],
  ['GET', 'GetDashboard'],
];

describe.each(enginesFor('neutral'))('back-office guard on %s', (engine) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    await createAdmin(t, await loginAdmin(t), 'editor', '内容编辑');
    editor = await loginAdmin(t, 'editor');
  });
  afterAll(() => t.close());

  const call = (token: string | undefined, [method, url, payload]: (typeof guardedCalls)[number]) =>
    adminCall(t, token, method, `/api/XfSystemApi/${url}`, payload);

  it('answers Code 403 to a 内容编辑 admin on every system call, changing nothing', async () => {
    const db = t.app.services.database.db;
    const before = await Promise.all([
      db.selectFrom('system_menus').selectAll().execute(),
      db.selectFrom('roles').selectAll().execute(),
      db.selectFrom('admin_users').select(['id', 'account', 'full_name']).execute(),
    ]);
    for (const guarded of guardedCalls) {
      expect(await call(editor, guarded), guarded[1]).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
    }
    const after = await Promise.all([
      db.selectFrom('system_menus').selectAll().execute(),
      db.selectFrom('roles').selectAll().execute(),
      db.selectFrom('admin_users').select(['id', 'account', 'full_name']).execute(),
    ]);
    expect(after).toEqual(before);
  });

  it('answers a 内容编辑 admin their own account, menus, buttons and 工作台', async () => {
    const user = await adminCall<{ Account: string; RoleName: string; IsSuper: boolean; ButtonL: string[] }>(t, editor, 'GET', '/api/XfSystemApi/GetLoginUser');
    expect(user.Data).toMatchObject({ Account: 'editor', RoleName: '内容编辑', IsSuper: false });
    expect(user.Data.ButtonL).toContain('content:news:add');
    expect(user.Data.ButtonL).toContain('dashboard:view');
    expect(user.Data.ButtonL.every((p) => p === 'dashboard:view' || p.startsWith('content:'))).toBe(true);
    expect((await adminCall(t, editor, 'GET', '/api/XfSystemApi/GetDashboard')).Code).toBe(200);
  });

  it("answers Code 402 to a missing token, a made-up one and a member's on every admin call", async () => {
    // A live member session, stored as the members feature stores it.
    const memberToken = 'm'.repeat(43);
    const now = t.app.services.now();
    await t.app.services.database.db
      .insertInto('member_sessions')
      .values({
        token_hash: hashToken(memberToken),
        member_id: await insertMemberRow(t, 'member_a', ApplyState.Approved),
        scope: 'member',
        ip: '127.0.0.1',
        created_at: formatCst(now),
        last_seen_at: formatCst(now),
        expires_at: formatCst(now + 86_400_000),
      })
      .execute();
    for (const token of [undefined, 'not-a-session', memberToken]) {
      for (const guarded of guardedCalls) expect((await call(token, guarded)).Code, `${guarded[1]} with ${token}`).toBe(402);
      for (const [method, url] of ownCalls) expect((await adminCall(t, token, method, `/api/XfSystemApi/${url}`)).Code, url).toBe(402);
    }
  });

  it('checks the session before reading the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/XfSystemApi/SaveRole', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(JSON.parse(res.body)).toMatchObject({ Code: 402 });
    expect((await adminCall(t, editor, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '' })).Code).toBe(403);
  });

  it('offers no call that edits or deletes audit records', async () => {
    const admin = await loginAdmin(t);
    for (const url of ['DelAuditLog/1', 'SaveAuditLog', 'EditAuditLog', 'ClearAuditLog']) {
      expect((await adminCall(t, admin, 'POST', `/api/XfSystemApi/${url}`, { Id: 1 })).Code).toBe(404);
    }
  });
});
