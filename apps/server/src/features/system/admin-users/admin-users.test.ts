import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDto, RoleDto } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, attemptLogin, createAdmin, createAdminTestApp, loginAdmin, replaceInitialPassword } from '../../../../test/admin.js';
import { engines, type TestApp } from '../../../../test/harness.js';
import { passwordsBreakingPolicy, passwordsNowAllowed } from '../../../../test/passwords.js';

describe.each(engines)('admin users on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let roles: RoleDto[];
  const roleId = (name: string) => roles.find((r) => r.RoleName === name)?.RoleId as number;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    token = await loginAdmin(t);
    roles = (await adminCall<{ List: RoleDto[] }>(t, token, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999')).Data.List;
  });
  afterAll(() => t.close());

  const save = (payload: Record<string, unknown>, as = token) => adminCall<number>(t, as, 'POST', '/api/XfSystemApi/SaveAdminUser', payload);
  const del = (id: number, as = token) => adminCall(t, as, 'POST', `/api/XfSystemApi/DelAdminUser/${id}`);
  const list = (query = '') => adminCall<{ List: AdminUserDto[]; TotalCount: number }>(t, token, 'GET', `/api/XfSystemApi/GetAdminUserL${query}`);
  const whoAmI = (as: string) => adminCall<{ RoleName: string; ButtonL: string[] }>(t, as, 'GET', '/api/XfSystemApi/GetLoginUser');
  const adminId = async (account: string) => (await list(`?key=${account}`)).Data.List.find((a) => a.Account === account)?.AdminId as number;

  it('creates, lists, updates and deletes an admin', async () => {
    const created = await save({ Account: 'zhangsan', FullName: '张三', Phone: '13800138000', RoleId: roleId('内容编辑'), Password: 'Zhang-lamp-2024' });
    expect(created.Code).toBe(200);
    const { Data } = await list('?key=张');
    expect(Data.TotalCount).toBe(1);
    expect(Data.List[0]).toMatchObject({
      AdminId: created.Data,
      Account: 'zhangsan',
      FullName: '张三',
      Phone: '13800138000',
      RoleName: '内容编辑',
      Status: 1,
      LastLoginTime: '',
    });

    await loginAdmin(t, 'zhangsan', 'Zhang-lamp-2024');
    expect((await list('?key=zhangsan')).Data.List[0]?.LastLoginTime).toMatch(/^\d{4}-/);

    expect((await save({ AdminId: created.Data, Account: 'zhangsan2', FullName: '张三丰', RoleId: roleId('超级管理员') })).Code).toBe(200);
    // Phone and Status left out keep their values (issue 51).
    expect((await list('?key=zhangsan2')).Data.List[0]).toMatchObject({ FullName: '张三丰', Phone: '13800138000', RoleName: '超级管理员', Status: 1 });
    // The password is unchanged by an edit without one.
    await loginAdmin(t, 'zhangsan2', 'Zhang-lamp-2024');

    expect((await del(created.Data)).Code).toBe(200);
    expect((await list('?key=zhangsan')).Data.TotalCount).toBe(0);
    expect((await attemptLogin(t, 'zhangsan2', 'Zhang-lamp-2024')).Message).toBe('账号或密码错误');
    expect((await del(created.Data)).Message).toBe('管理员不存在');
  });

  it('pages the list', async () => {
    const all = await list('?pagesize=999');
    const second = await list('?pageindex=2&pagesize=1');
    expect(second.Data.TotalCount).toBe(all.Data.TotalCount);
    expect(second.Data.List).toEqual(all.Data.List.slice(1, 2));
  });

  it('validates admins with clear messages and the password policy', async () => {
    const editor = roleId('内容编辑');
    const cases: [Record<string, unknown>, string][] = [
      [{ FullName: '某', RoleId: editor, Password: 'abc-river-12345' }, '请输入账号'],
      [{ Account: 'a b', FullName: '某', RoleId: editor, Password: 'abc-river-12345' }, '账号为3-32位字母、数字或下划线'],
      [{ Account: 'ab', FullName: '某', RoleId: editor, Password: 'abc-river-12345' }, '账号为3-32位字母、数字或下划线'],
      [{ Account: 'lisi', RoleId: editor, Password: 'abc-river-12345' }, '请输入姓名'],
      [{ Account: 'lisi', FullName: '李四', Phone: '12345', RoleId: editor, Password: 'abc-river-12345' }, '请输入正确电话号码'],
      [{ Account: 'lisi', FullName: '李四', Password: 'abc-river-12345' }, '请选择角色'],
      [{ Account: 'lisi', FullName: '李四', RoleId: 0, Password: 'abc-river-12345' }, '请选择角色'],
      [{ Account: 'lisi', FullName: '李四', RoleId: 999_999, Password: 'abc-river-12345' }, '角色不存在'],
      [{ Account: 'lisi', FullName: '李四', RoleId: editor }, '请输入密码'],
      ...passwordsBreakingPolicy('lisi').map(({ password, message }): [Record<string, unknown>, string] => [
        { Account: 'lisi', FullName: '李四', RoleId: editor, Password: password },
        message,
      ]),
      [{ Account: 'admin', FullName: '重复', RoleId: editor, Password: 'abc-river-12345' }, '账号已存在'],
      [{ Account: 'Admin', FullName: '重复', RoleId: editor, Password: 'abc-river-12345' }, '账号已存在'],
      [{ AdminId: 999_999, Account: 'ghost', FullName: '无', RoleId: editor }, '管理员不存在'],
    ];
    for (const [payload, message] of cases) expect((await save(payload)).Message, JSON.stringify(payload)).toBe(message);
    expect((await list('?key=lisi')).Data.TotalCount).toBe(0);
  });

  it('applies the password policy to a reset and to the forced change that follows it; the old password stays until then', async () => {
    const id = await createAdmin(t, token, 'qianba', '内容编辑');
    const reset = (Password: string) => save({ AdminId: id, Account: 'qianba', FullName: 'qianba', RoleId: roleId('内容编辑'), Password });
    for (const { password, message } of passwordsBreakingPolicy('qianba')) expect((await reset(password)).Message, password).toBe(message);
    // Renamed in the same save: the password must not hold the new name.
    const renamed = await save({ AdminId: id, Account: 'qb_renamed', FullName: 'qianba', RoleId: roleId('内容编辑'), Password: 'QB_RENAMED and more' });
    expect(renamed.Message).toBe('密码不能包含账号');
    await loginAdmin(t, 'qianba');

    const [allowed] = passwordsNowAllowed;
    expect((await reset(allowed)).Code).toBe(200);
    const session = await loginAdmin(t, 'qianba', allowed);
    const change = (Newpwd: string) => adminCall(t, session, 'POST', '/api/XfSystemApi/EditAdminPwd', { Password: allowed, Newpwd, againNewpwd: Newpwd });
    for (const { password, message } of passwordsBreakingPolicy('qianba')) expect((await change(password)).Message, password).toBe(message);
    expect((await adminCall<{ MustChangePwd: boolean }>(t, session, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.MustChangePwd).toBe(true);
    expect((await change(ADMIN_PASSWORD)).Message).toBe('修改成功');
    expect((await adminCall<{ MustChangePwd: boolean }>(t, session, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.MustChangePwd).toBe(false);
  });

  it('refuses deleting or disabling yourself and leaving no active super administrator', async () => {
    const me = await adminId('admin');
    expect(await del(me)).toEqual({ Code: 400, Message: '不能删除自己的账号', Data: null });
    expect((await save({ AdminId: me, Account: 'admin', FullName: '超级管理员', RoleId: roleId('超级管理员'), Status: 0 })).Message).toBe('不能停用自己的账号');
    expect((await save({ AdminId: me, Account: 'admin', FullName: '超级管理员', RoleId: roleId('内容编辑') })).Message).toBe(
      '至少需要保留一个启用的超级管理员',
    );

    // A second super administrator may demote the first, but not then be left alone to go.
    await createAdmin(t, token, 'deputy', '超级管理员');
    const deputy = await loginAdmin(t, 'deputy');
    const deputyId = await adminId('deputy');
    expect((await save({ AdminId: me, Account: 'admin', FullName: '超级管理员', RoleId: roleId('超级管理员'), Status: 0 }, deputy)).Code).toBe(200);
    expect((await del(deputyId, deputy)).Message).toBe('不能删除自己的账号');
    expect((await save({ AdminId: deputyId, Account: 'deputy', FullName: 'deputy', RoleId: roleId('内容编辑') }, deputy)).Message).toBe(
      '至少需要保留一个启用的超级管理员',
    );
    // The disabled admin's session ended with the change.
    expect((await whoAmI(token)).Code).toBe(402);
    expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Message).toBe('账号已停用，请联系管理员');

    expect((await save({ AdminId: me, Account: 'admin', FullName: '超级管理员', RoleId: roleId('超级管理员'), Status: 1 }, deputy)).Code).toBe(200);
    token = await loginAdmin(t);
    expect((await del(deputyId)).Code).toBe(200);
    expect((await whoAmI(deputy)).Code).toBe(402);
  });

  it('takes a role change and a disabled account into effect on the next call', async () => {
    const id = await createAdmin(t, token, 'wangwu', '内容编辑');
    const session = await loginAdmin(t, 'wangwu');
    expect((await adminCall(t, session, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(403);

    const auditor = await adminCall<number>(t, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '审计员', MenuIds: [] });
    expect((await save({ AdminId: id, Account: 'wangwu', FullName: 'wangwu', RoleId: roleId('超级管理员') })).Code).toBe(200);
    expect((await adminCall(t, session, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(200);
    expect((await whoAmI(session)).Data.RoleName).toBe('超级管理员');

    expect((await save({ AdminId: id, Account: 'wangwu', FullName: 'wangwu', RoleId: auditor.Data })).Code).toBe(200);
    expect((await whoAmI(session)).Data).toMatchObject({ RoleName: '审计员', ButtonL: [] });

    expect((await save({ AdminId: id, Account: 'wangwu', FullName: 'wangwu', RoleId: auditor.Data, Status: 0 })).Code).toBe(200);
    expect((await whoAmI(session)).Code).toBe(402);
  });

  it('makes the owner replace a password another administrator chose, at the next sign-in; not one they set themselves', async () => {
    const mustChange = { Code: 403, Message: '首次登录请先修改初始密码', Data: null };
    const pending = async (account: string, password: string) => {
      const session = await loginAdmin(t, account, password);
      const me = await adminCall<{ MustChangePwd: boolean }>(t, session, 'GET', '/api/XfSystemApi/GetLoginUser');
      return { session, mustChange: me.Data.MustChangePwd };
    };
    // Created by another administrator: only the password change opens.
    const id = (await save({ Account: 'sunqi', FullName: '孙七', RoleId: roleId('内容编辑'), Password: 'Given-lamp-2024' })).Data;
    const first = await pending('sunqi', 'Given-lamp-2024');
    expect(first.mustChange).toBe(true);
    expect(await adminCall(t, first.session, 'GET', '/api/XfSysBussiness/GetNewsList')).toEqual(mustChange);
    await replaceInitialPassword(t, 'sunqi', 'Given-lamp-2024', 'Mine-lamp-2024');
    const own = await pending('sunqi', 'Mine-lamp-2024');
    expect(own.mustChange).toBe(false);
    expect((await adminCall(t, own.session, 'GET', '/api/XfSysBussiness/GetNewsList')).Code).toBe(200);

    // Reset by another administrator: the same again.
    expect((await save({ AdminId: id, Account: 'sunqi', FullName: '孙七', RoleId: roleId('内容编辑'), Password: 'Reset-lamp-2024y' })).Code).toBe(200);
    const reset = await pending('sunqi', 'Reset-lamp-2024y');
    expect(reset.mustChange).toBe(true);
    expect(await adminCall(t, reset.session, 'GET', '/api/XfSysBussiness/GetNewsList')).toEqual(mustChange);

    // A super administrator setting their own password through the same dialog chose it themselves.
    const selfId = await adminId('admin');
    expect((await save({ AdminId: selfId, Account: 'admin', FullName: 'admin', RoleId: roleId('超级管理员'), Password: 'Self-lamp-2024' })).Code).toBe(200);
    expect((await pending('admin', 'Self-lamp-2024')).mustChange).toBe(false);
    expect(
      (
        await save(
          { AdminId: selfId, Account: 'admin', FullName: 'admin', RoleId: roleId('超级管理员'), Password: ADMIN_PASSWORD },
          await loginAdmin(t, 'admin', 'Self-lamp-2024'),
        )
      ).Code,
    ).toBe(200);
    token = await loginAdmin(t);
  });

  it('resets a password only with system:admin:resetPwd, ending that admin’s sessions', async () => {
    const id = await createAdmin(t, token, 'zhaoliu', '内容编辑');
    const session = await loginAdmin(t, 'zhaoliu');
    const reset = await save({ AdminId: id, Account: 'zhaoliu', FullName: 'zhaoliu', RoleId: roleId('内容编辑'), Password: 'Reset-lamp-2024x' });
    expect(reset.Code).toBe(200);
    expect((await whoAmI(session)).Code).toBe(402);
    await replaceInitialPassword(t, 'zhaoliu', 'Reset-lamp-2024x', 'Owned-lamp-2024');

    // An admin manager without the reset permission may edit but not reset.
    const menus = (await adminCall<{ perms: string; MenuId: number; children: never[] }[]>(t, token, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data;
    const flat = (ms: { perms: string; MenuId: number; children: never[] }[]): { perms: string; MenuId: number }[] =>
      ms.flatMap((m) => [m, ...flat(m.children)]);
    const grant = flat(menus)
      .filter((m) => ['system:admin:list', 'system:admin:edit'].includes(m.perms))
      .map((m) => m.MenuId);
    const managers = await adminCall<number>(t, token, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '账号管理', MenuIds: grant });
    await createAdmin(t, token, 'manager', '账号管理');
    const manager = await loginAdmin(t, 'manager');
    const peer = await createAdmin(t, token, 'peer', '账号管理');
    expect((await save({ AdminId: peer, Account: 'peer', FullName: '同级', RoleId: managers.Data }, manager)).Code).toBe(200);
    expect((await save({ AdminId: peer, Account: 'peer', FullName: '同级', RoleId: managers.Data, Password: 'Other-lamp-2024' }, manager)).Code).toBe(403);
    expect((await save({ Account: 'newbie', FullName: 'newbie', RoleId: managers.Data, Password: 'Other-lamp-2024' }, manager)).Code).toBe(403);
    // Nor may they touch a super administrator, or make one.
    expect((await save({ AdminId: await adminId('admin'), Account: 'admin', FullName: '改名', RoleId: roleId('超级管理员') }, manager)).Message).toBe(
      '只有超级管理员可以设置或修改超级管理员',
    );
    expect((await save({ AdminId: peer, Account: 'peer', FullName: '同级', RoleId: roleId('超级管理员') }, manager)).Message).toBe(
      '只有超级管理员可以设置或修改超级管理员',
    );
  });
});
