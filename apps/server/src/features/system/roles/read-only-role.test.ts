import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../../test/harness.js';

interface MenuNode {
  MenuId: number;
  perms: string;
  menuname: string;
  children: MenuNode[];
}

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** A read-only role: a page granted with none of its buttons opens its list and nothing more. */
describe.each(enginesFor('neutral'))('a read-only role on %s', (engine) => {
  let t: TestApp;
  let reader: string;
  let newsPage: MenuNode;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    const admin = await loginAdmin(t);
    const tree = await adminCall<MenuNode[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1');
    const path = (nodes: MenuNode[], perms: string): MenuNode[] => {
      for (const n of nodes) {
        if (n.perms === perms) return [n];
        const below = path(n.children, perms);
        if (below.length) return [n, ...below];
      }
      return [];
    };
    // The 文章管理 page and the directory above it, without any of the page's buttons.
    const granted = path(tree.Data, 'content:news:list');
    newsPage = granted.at(-1)!;
    expect(newsPage.children.length).toBeGreaterThan(0);
    const saved = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '文章只读', MenuIds: granted.map((m) => m.MenuId) });
    expect(saved.Code, saved.Message).toBe(200);
    await createAdmin(t, admin, 'reader', '文章只读');
    reader = await loginAdmin(t, 'reader');
  });
  afterAll(() => t.close());

  it('keeps the grant as given and shows the page with no buttons', async () => {
    const user = await adminCall<{ ButtonL: string[] }>(t, reader, 'GET', '/api/XfSystemApi/GetLoginUser');
    expect(user.Data.ButtonL).toEqual(['content:news:list']);
    const menus = flatten((await adminCall<MenuNode[]>(t, reader, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data);
    expect(menus.map((m) => m.perms)).toContain('content:news:list');
    expect(menus.filter((m) => m.perms.startsWith('content:news:') && m.perms !== 'content:news:list')).toEqual([]);
  });

  it('lists and opens articles, and is refused every write', async () => {
    const list = await adminCall<{ TotalCount: number }>(t, reader, 'GET', '/api/XfSysBussiness/GetNewsList?pageindex=1&pagesize=10');
    expect(list.Code, list.Message).toBe(200);
    const before = await t.app.services.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const save = await adminCall(t, reader, 'POST', '/api/XfSysBussiness/SaveNews', { NewsId: 0, Title: '只读不可写', MenuId: 1, NewContent: '<p>正文</p>' });
    expect(save).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
    const remove = await adminCall(t, reader, 'POST', '/api/XfSysBussiness/DelNews', { NewsIds: [1] });
    expect(remove.Code).toBe(403);
    const after = await t.app.services.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
