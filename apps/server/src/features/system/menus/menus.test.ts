import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSystemMenus, type SystemMenuDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../../test/harness.js';

const flatten = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);
const byName = (menus: SystemMenuDto[], name: string) => flatten(menus).find((m) => m.menuname === name);

describe.each(enginesFor('neutral'))('system menus on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    token = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const tree = async (query = '', as = token) => adminCall<SystemMenuDto[]>(t, as, 'GET', `/api/XfSystemApi/GetSystemMenuList${query}`);
  const save = (payload: Record<string, unknown>) => adminCall<number>(t, token, 'POST', '/api/XfSystemApi/SaveSystemMenu', payload);
  const del = (id: number) => adminCall(t, token, 'POST', `/api/XfSystemApi/DelSystemMenu/${id}`);

  it('seeds the whole back office: every page the spec names, with its buttons', async () => {
    const { Code, Data } = await tree('?all=1');
    expect(Code).toBe(200);
    expect(Data.map((m) => m.menuname)).toEqual([
      '工作台',
      '内容管理',
      '会员管理',
      '互动交流',
      '会员通知',
      '证书管理',
      '活动管理',
      '数据统计',
      '网站检查',
      '系统管理',
    ]);
    expect(byName(Data, '数据统计')?.children.map((m) => [m.menuname, m.perms, m.children.map((b) => b.perms)])).toEqual([
      ['访问统计', 'stats:visits', ['stats:export', 'stats:setting']],
      ['编辑工作量', 'stats:editors', ['stats:editors:export']],
    ]);
    expect(byName(Data, '网站检查')?.children.map((m) => [m.menuname, m.perms, m.children.map((b) => b.perms)])).toEqual([
      ['栏目更新', 'inspection:columns', ['inspection:columns:setting', 'inspection:columns:export']],
      ['链接检查', 'inspection:links', ['inspection:links:run', 'inspection:links:handle', 'inspection:links:export']],
      ['可用性监测', 'inspection:availability', ['inspection:availability:probe']],
    ]);
    expect(byName(Data, '会员通知')?.children.map((m) => [m.menuname, m.perms, m.children.map((b) => b.perms)])).toEqual([
      ['群发通知', 'mailing:list', ['mailing:edit', 'mailing:send']],
      ['通知模板', 'mailing:template', []],
      ['短信', 'mailing:sms', []],
    ]);
    expect(byName(Data, '互动交流')?.children.map((m) => [m.menuname, m.perms])).toEqual([
      ['留言办理', 'message:list'],
      ['留言设置', 'message:setting'],
      ['留言统计', 'message:stats'],
    ]);
    expect(byName(Data, '内容管理')?.children.map((m) => m.menuname)).toEqual([
      '栏目管理',
      '文章管理',
      '推荐位管理',
      '轮播图管理',
      '友情链接',
      '类型管理',
      '敏感词',
      '易错词',
      '媒体库',
      '表单与问卷',
      '待我审核',
    ]);
    expect(byName(Data, '系统管理')?.children.map((m) => m.menuname)).toEqual([
      '菜单管理',
      '角色管理',
      '管理员',
      '操作日志',
      '登录日志',
      '在线用户',
      '接口令牌',
      '哀悼日',
      '工作日历',
      '隐私政策',
      '个人信息请求',
    ]);
    expect(byName(Data, '工作台')).toMatchObject({ MenuType: 2, path: 'home', component: 'dashboard/index', perms: 'dashboard:view' });
    expect(byName(Data, '角色管理')).toMatchObject({
      MenuType: 2,
      path: 'system/role',
      component: 'system/role/index',
      icon: 'SafetyOutlined',
      visible: 1,
      status: 1,
    });
    expect(byName(Data, '管理员')?.children.map((b) => [b.MenuType, b.perms])).toEqual([
      [3, 'system:admin:add'],
      [3, 'system:admin:edit'],
      [3, 'system:admin:delete'],
      [3, 'system:admin:resetPwd'],
    ]);
    const countNodes = (menus: typeof defaultSystemMenus): number => menus.reduce((n, m) => n + 1 + countNodes(m.children), 0);
    expect(flatten(Data)).toHaveLength(countNodes(defaultSystemMenus));
  });

  it('creates, updates and deletes a directory, a page and a button', async () => {
    const dir = await save({ MenuType: 1, menuname: '  统计分析 ', icon: 'BarChartOutlined', SortNumber: 9 });
    expect(dir.Code).toBe(200);
    const page = await save({
      ParentId: dir.Data,
      MenuType: 2,
      menuname: '月度报表',
      path: 'stats/monthly',
      component: 'stats/monthly/index',
      perms: 'dashboard:view',
    });
    const button = await save({ parentid: page.Data, menutype: 3, MenuName: '导出', perms: 'cert:download' });
    expect(button.Code).toBe(200);

    let all = (await tree('?all=1')).Data;
    expect(byName(all, '统计分析')).toMatchObject({ MenuId: dir.Data, ParentId: 0, MenuType: 1, icon: 'BarChartOutlined', SortNumber: 9 });
    expect(byName(all, '统计分析')?.children[0]).toMatchObject({ menuname: '月度报表', component: 'stats/monthly/index' });
    expect(byName(all, '月度报表')?.children[0]).toMatchObject({ MenuId: button.Data, MenuType: 3, perms: 'cert:download' });

    const updated = await save({
      MenuId: page.Data,
      ParentId: dir.Data,
      MenuType: 2,
      menuname: '年度报表',
      path: 'stats/yearly',
      component: 'stats/yearly/index',
      visible: 0,
      status: 0,
    });
    expect(updated).toEqual({ Code: 200, Message: '操作成功', Data: page.Data });
    all = (await tree('?all=1')).Data;
    expect(byName(all, '年度报表')).toMatchObject({ path: 'stats/yearly', visible: 0, status: 0 });
    // A disabled menu stays in 菜单管理 but leaves the admin's own tree.
    expect(byName((await tree()).Data, '统计分析')?.children).toEqual([]);

    expect(await del(dir.Data)).toEqual({ Code: 400, Message: '存在子菜单，不允许删除', Data: null });
    expect((await del(button.Data)).Code).toBe(200);
    expect((await del(page.Data)).Code).toBe(200);
    expect((await del(dir.Data)).Code).toBe(200);
    expect(byName((await tree('?all=1')).Data, '统计分析')).toBeUndefined();
    expect((await del(dir.Data)).Message).toBe('菜单不存在');
  });

  it('validates menus with clear messages', async () => {
    const roles = byName((await tree('?all=1')).Data, '角色管理') as SystemMenuDto;
    const system = byName((await tree('?all=1')).Data, '系统管理') as SystemMenuDto;
    const cases: [Record<string, unknown>, string][] = [
      [{ MenuType: 1 }, '请输入菜单名称'],
      [{ MenuType: 1, menuname: '   ' }, '请输入菜单名称'],
      [{ MenuType: 1, menuname: 'x'.repeat(51) }, '菜单名称不能超过50个字'],
      [{ menuname: '无类型' }, '请选择菜单类型'],
      [{ MenuType: 4, menuname: '错误类型' }, '请选择菜单类型'],
      [{ MenuType: 2, menuname: '页面', component: 'a/index' }, '请输入路由地址'],
      [{ MenuType: 2, menuname: '页面', path: 'a' }, '请输入组件路径'],
      [{ MenuType: 3, menuname: '按钮', ParentId: roles.MenuId }, '请输入权限标识'],
      [{ MenuType: 3, menuname: '按钮', ParentId: roles.MenuId, perms: 'system:role:fly' }, '权限标识不存在'],
      [{ MenuType: 1, menuname: '目录', status: 2 }, '状态只能是0或1'],
      [{ MenuType: 1, menuname: '目录', ParentId: 999_999 }, '上级菜单不存在'],
      [{ MenuType: 3, menuname: '按钮', perms: 'system:role:add' }, '按钮只能添加在页面菜单下'],
      [{ MenuType: 3, menuname: '按钮', perms: 'system:role:add', ParentId: system.MenuId }, '按钮只能添加在页面菜单下'],
      [{ MenuType: 2, menuname: '页面', path: 'a', component: 'a/index', ParentId: roles.MenuId }, '目录和页面只能添加在顶级或目录下'],
      [{ MenuId: system.MenuId, MenuType: 1, menuname: '系统管理', ParentId: system.children[0]?.MenuId }, '目录和页面只能添加在顶级或目录下'],
      [{ MenuId: roles.MenuId, MenuType: 1, menuname: '角色管理' }, '该菜单的子菜单与所选类型不符'],
      [{ MenuId: 999_999, MenuType: 1, menuname: '不存在' }, '菜单不存在'],
    ];
    for (const [payload, message] of cases) expect((await save(payload)).Message, JSON.stringify(payload)).toBe(message);
  });

  it('refuses to move a directory below itself', async () => {
    const outer = (await save({ MenuType: 1, menuname: '外层' })).Data;
    const inner = (await save({ MenuType: 1, menuname: '内层', ParentId: outer })).Data;
    expect((await save({ MenuId: outer, MenuType: 1, menuname: '外层', ParentId: inner })).Message).toBe('上级菜单不能是当前菜单或其下级菜单');
    expect((await save({ MenuId: outer, MenuType: 1, menuname: '外层', ParentId: outer })).Message).toBe('上级菜单不能是当前菜单或其下级菜单');
    await del(inner);
    await del(outer);
  });

  it("answers by default only the caller's own menus, with the directories above them", async () => {
    await createAdmin(t, token, 'editor1', '内容编辑');
    const editor = await loginAdmin(t, 'editor1');
    const own = (await tree('', editor)).Data;
    expect(own.map((m) => m.menuname)).toEqual(['工作台', '内容管理']);
    expect(byName(own, '文章管理')?.children.map((b) => b.perms)).toEqual([
      'content:news:add',
      'content:news:edit',
      'content:news:delete',
      'content:news:export',
      'content:news:revisions',
    ]);
    // The whole tree is for 菜单管理 and the role editor.
    expect((await tree('?all=1', editor)).Code).toBe(403);
  });
});
