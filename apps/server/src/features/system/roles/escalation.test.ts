import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, SystemMenuDto } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, createAdminTestApp, loginAdmin, replaceInitialPassword } from '../../../../test/admin.js';
import { engines, type TestApp } from '../../../../test/harness.js';

const flatten = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

/**
 * The escalation paths an outside test found: an admin who may edit admins or roles must not
 * come out of it with more than they had, nor raise anyone above themselves.
 */
describe.each(engines)('no way up through admin accounts and roles on %s', (engine) => {
  let t: TestApp;
  let root: string;
  let menus: SystemMenuDto[];
  const menuIds = (...perms: Permission[]) => perms.map((p) => menus.find((m) => m.perms === p)?.MenuId as number);
  const saveRole = (as: string, body: Record<string, unknown>) => adminCall<number>(t, as, 'POST', '/api/XfSystemApi/SaveRole', body);
  const saveAdmin = (as: string, body: Record<string, unknown>) => adminCall<number>(t, as, 'POST', '/api/XfSystemApi/SaveAdminUser', body);
  const buttons = async (as: string) => (await adminCall<{ ButtonL: string[] }>(t, as, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.ButtonL.sort();

  const managerGrants: Permission[] = [
    'system:admin:list',
    'system:admin:add',
    'system:admin:edit',
    'system:admin:resetPwd',
    'system:admin:delete',
    'system:role:list',
    'system:role:add',
    'system:role:edit',
    'system:role:delete',
  ];
  let managerRole: number;
  let richerRole: number;
  let smallerRole: number;
  let managerId: number;
  let manager: string;
  let richId: number;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    root = await loginAdmin(t);
    menus = flatten((await adminCall<SystemMenuDto[]>(t, root, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
    managerRole = (await saveRole(root, { RoleName: '账号管理', MenuIds: menuIds(...managerGrants) })).Data;
    richerRole = (await saveRole(root, { RoleName: '账号与内容', MenuIds: menuIds(...managerGrants, 'content:news:list', 'content:news:delete') })).Data;
    smallerRole = (await saveRole(root, { RoleName: '只看账号', MenuIds: menuIds('system:admin:list') })).Data;
    const initial = 'Initial2024pw';
    managerId = (await saveAdmin(root, { Account: 'manager', FullName: '经理', RoleId: managerRole, Password: initial })).Data;
    richId = (await saveAdmin(root, { Account: 'richer', FullName: '高权', RoleId: richerRole, Password: initial })).Data;
    await replaceInitialPassword(t, 'manager', initial, ADMIN_PASSWORD);
    manager = await loginAdmin(t, 'manager');
  });
  afterAll(() => t.close());

  it('refuses an admin changing their own role or status, and their buttons stay as they were', async () => {
    const before = await buttons(manager);
    const self = { AdminId: managerId, Account: 'manager', FullName: '经理' };
    expect(await saveAdmin(manager, { ...self, RoleId: richerRole })).toMatchObject({ Code: 400, Message: '不能修改自己的角色或状态' });
    expect(await saveAdmin(manager, { ...self, RoleId: managerRole, Status: 0 })).toMatchObject({ Code: 400, Message: '不能修改自己的角色或状态' });
    expect(await buttons(manager)).toEqual(before);
    // Their own name they may still change.
    expect((await saveAdmin(manager, { ...self, FullName: '经理甲', RoleId: managerRole })).Code).toBe(200);
  });

  it('refuses creating an account, or moving one, to a role richer than the caller’s', async () => {
    const created = await saveAdmin(manager, { Account: 'puppet', FullName: '傀儡', RoleId: richerRole, Password: 'Known-lamp-2024' });
    expect(created).toMatchObject({ Code: 400, Message: '不能分配或修改权限超出自己的角色' });
    const login = await adminCall(t, undefined, 'GET', '/api/XfSystemApi/GetAdminUserL?key=puppet');
    expect(login.Code).toBe(402);
    expect((await adminCall<{ TotalCount: number }>(t, root, 'GET', '/api/XfSystemApi/GetAdminUserL?key=puppet')).Data.TotalCount).toBe(0);

    const small = await saveAdmin(manager, { Account: 'helper', FullName: '助手', RoleId: smallerRole, Password: 'Known-lamp-2024' });
    expect(small.Code).toBe(200);
    expect(await saveAdmin(manager, { AdminId: small.Data, Account: 'helper', FullName: '助手', RoleId: richerRole })).toMatchObject({
      Message: '不能分配或修改权限超出自己的角色',
    });
    // A role the caller holds is within their own.
    expect((await saveAdmin(manager, { AdminId: small.Data, Account: 'helper', FullName: '助手', RoleId: managerRole })).Code).toBe(200);
  });

  it('refuses editing, resetting the password of, or deleting an admin whose role is richer', async () => {
    const rich = { AdminId: richId, Account: 'richer', FullName: '高权', RoleId: richerRole };
    expect(await saveAdmin(manager, rich)).toMatchObject({ Code: 400, Message: '不能修改或删除权限超出自己的管理员' });
    expect(await saveAdmin(manager, { ...rich, Password: 'Taken-lamp-2024' })).toMatchObject({ Message: '不能修改或删除权限超出自己的管理员' });
    expect(await saveAdmin(manager, { ...rich, RoleId: smallerRole })).toMatchObject({ Message: '不能修改或删除权限超出自己的管理员' });
    expect(await adminCall(t, manager, 'POST', `/api/XfSystemApi/DelAdminUser/${richId}`)).toMatchObject({ Message: '不能修改或删除权限超出自己的管理员' });
    // The richer admin still signs in with the password they were given.
    await loginAdmin(t, 'richer', 'Initial2024pw');
  });

  it('refuses adding the caller’s grants to a richer role, or editing their own role', async () => {
    const grown = await saveRole(manager, {
      RoleId: richerRole,
      RoleName: '账号与内容',
      MenuIds: menuIds(...managerGrants, 'content:news:list', 'content:news:delete'),
    });
    expect(grown).toMatchObject({ Code: 400, Message: '不能分配或修改权限超出自己的角色' });
    expect(await saveRole(manager, { RoleId: managerRole, RoleName: '账号管理', MenuIds: menuIds(...managerGrants) })).toMatchObject({
      Message: '不能修改自己所属的角色',
    });
    expect(await adminCall(t, manager, 'POST', `/api/XfSystemApi/DelRole/${richerRole}`)).toMatchObject({ Message: '不能分配或修改权限超出自己的角色' });
    expect(await saveRole(manager, { RoleName: '新角色', MenuIds: menuIds('content:news:list') })).toMatchObject({ Message: '不能授予自己没有的权限' });
    // Within their own grants they may build and edit roles.
    const subset = await saveRole(manager, { RoleName: '账号只读', MenuIds: menuIds('system:admin:list') });
    expect(subset.Code).toBe(200);
    expect((await saveRole(manager, { RoleId: subset.Data, RoleName: '账号只读', MenuIds: menuIds('system:admin:list', 'system:role:list') })).Code).toBe(200);
    expect((await adminCall(t, manager, 'POST', `/api/XfSystemApi/DelRole/${subset.Data}`)).Code).toBe(200);
  });
});
