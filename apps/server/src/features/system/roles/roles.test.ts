import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleDto, SystemMenuDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../../test/harness.js';

const flatten = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

describe.each(enginesFor('neutral'))('roles on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let menus: SystemMenuDto[];
  const menuId = (perms: string) => menus.find((m) => m.perms === perms)?.MenuId as number;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    token = await loginAdmin(t);
    menus = flatten((await adminCall<SystemMenuDto[]>(t, token, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
  });
  afterAll(() => t.close());

  const save = (payload: Record<string, unknown>, as = token) => adminCall<number>(t, as, 'POST', '/api/XfSystemApi/SaveRole', payload);
  const get = (id: number) => adminCall<RoleDto>(t, token, 'GET', `/api/XfSystemApi/GetRole/${id}`);
  const del = (id: number, as = token) => adminCall(t, as, 'POST', `/api/XfSystemApi/DelRole/${id}`);
  const list = (query = '') => adminCall<{ List: RoleDto[]; TotalCount: number }>(t, token, 'GET', `/api/XfSystemApi/GetRoleList${query}`);

  it('lists the seeded roles, paged, with their grants', async () => {
    const { Code, Data } = await list('?pageindex=1&pagesize=999');
    expect(Code).toBe(200);
    expect(Data.TotalCount).toBe(2);
    const [superRole, editor] = Data.List;
    expect(superRole).toMatchObject({ RoleName: '超级管理员', IsSuper: true, Status: 1 });
    expect(editor).toMatchObject({ RoleName: '内容编辑', IsSuper: false, Status: 1 });
    expect(editor?.MenuIds).toContain(menuId('content:news:add'));
    expect(editor?.MenuIds).not.toContain(menuId('system:role:list'));
    expect(editor?.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await list('?PageIndex=2&PageSize=1');
    expect(second.Data).toMatchObject({ TotalCount: 2, List: [{ RoleName: '内容编辑' }] });
  });

  it('creates, reads, updates and deletes a role with its menu and button grants', async () => {
    const grants = [menuId('cert:list'), menuId('cert:download')];
    const created = await save({ RoleName: '证书专员', Remark: '负责证书', MenuIds: grants });
    expect(created.Code).toBe(200);
    expect((await get(created.Data)).Data).toMatchObject({
      RoleId: created.Data,
      RoleName: '证书专员',
      Remark: '负责证书',
      Status: 1,
      IsSuper: false,
      MenuIds: grants.sort((a, b) => a - b),
    });

    // Remark left out keeps its value (issue 51).
    const updated = await save({ RoleId: created.Data, RoleName: '证书管理员', Status: 0, MenuIds: [menuId('cert:list'), menuId('cert:list')] });
    expect(updated.Code).toBe(200);
    expect((await get(created.Data)).Data).toMatchObject({ RoleName: '证书管理员', Remark: '负责证书', Status: 0, MenuIds: [menuId('cert:list')] });

    expect((await del(created.Data)).Code).toBe(200);
    expect(await get(created.Data)).toEqual({ Code: 404, Message: '角色不存在', Data: null });
  });

  it('validates roles with clear messages', async () => {
    expect((await save({})).Message).toBe('请输入角色名称');
    expect((await save({ RoleName: ' ' })).Message).toBe('请输入角色名称');
    expect((await save({ RoleName: 'x'.repeat(51) })).Message).toBe('角色名称不能超过50个字');
    expect((await save({ RoleName: '内容编辑' })).Message).toBe('角色名称已存在');
    expect((await save({ RoleName: '新角色', MenuIds: [999_999] })).Message).toBe('所选菜单不存在');
    expect((await save({ RoleId: 999_999, RoleName: '不存在' })).Message).toBe('角色不存在');
    expect((await get(999_999)).Code).toBe(404);
  });

  it('refuses to delete a role still assigned, or the super administrator role, or to disable it', async () => {
    const { List } = (await list('?pagesize=999')).Data;
    const superRole = List.find((r) => r.IsSuper) as RoleDto;
    const editorRole = List.find((r) => r.RoleName === '内容编辑') as RoleDto;
    await createAdmin(t, token, 'editor_holder', '内容编辑');
    expect(await del(editorRole.RoleId)).toEqual({ Code: 400, Message: '该角色已分配给管理员，不能删除', Data: null });
    expect((await del(superRole.RoleId)).Message).toBe('超级管理员角色不能删除或停用');
    expect((await save({ RoleId: superRole.RoleId, RoleName: '超级管理员', Status: 0 })).Message).toBe('超级管理员角色不能删除或停用');
    expect((await save({ RoleId: superRole.RoleId, RoleName: '超级管理员', Remark: '全部权限' })).Code).toBe(200);
    expect((await del(999_999)).Message).toBe('角色不存在');
  });

  it('lets an admin who is not a super administrator grant only what their own role holds', async () => {
    const roleEditor = await save({
      RoleName: '角色维护',
      MenuIds: [menuId('system:role:list'), menuId('system:role:add'), menuId('system:role:edit'), menuId('content:news:list')],
    });
    await createAdmin(t, token, 'role_keeper', '角色维护');
    const keeper = await loginAdmin(t, 'role_keeper');
    expect((await save({ RoleName: '新闻只读', MenuIds: [menuId('content:news:list')] }, keeper)).Code).toBe(200);
    expect((await save({ RoleName: '越权', MenuIds: [menuId('system:admin:add')] }, keeper)).Message).toBe('不能授予自己没有的权限');
    // A role holding more than the editor's own is not theirs to edit, even keeping its grants.
    const certRole = await save({ RoleName: '证书只读', MenuIds: [menuId('cert:list')] });
    expect((await save({ RoleId: certRole.Data, RoleName: '证书只读', Remark: '改名不改权', MenuIds: [menuId('cert:list')] }, keeper)).Message).toBe(
      '不能分配或修改权限超出自己的角色',
    );
    // The super administrator role is for super administrators to change.
    const superRole = (await list('?pagesize=999')).Data.List.find((r) => r.IsSuper) as RoleDto;
    expect((await save({ RoleId: superRole.RoleId, RoleName: '超级管理员2' }, keeper)).Message).toBe('只有超级管理员可以设置或修改超级管理员');
    // Without system:role:delete.
    expect((await del(roleEditor.Data, keeper)).Code).toBe(403);
  });
});
