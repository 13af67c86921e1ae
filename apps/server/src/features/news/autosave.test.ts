import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsAutosaveDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { enginesFor, type TestApp } from '../../../test/harness.js';

describe.each(enginesFor('neutral'))('article editor autosaves on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menuId: number;
  const call = <T>(method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>, token = admin) =>
    adminCall<T>(t, token, method, `/api/XfSysBussiness/${name}`, payload);
  const autosave = (NewsId: number, form: object, token = admin) => call<string>('POST', 'SaveNewsAutosave', { NewsId, Form: JSON.stringify(form) }, token);
  const read = async (newsId: number, token = admin) => (await call<NewsAutosaveDto | null>('GET', `GetNewsAutosave?newsid=${newsId}`, undefined, token)).Data;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    admin = await loginAdmin(t);
    menuId = await insertMenu(t.app.services.database.db, { name: '通知公告' });
  });
  afterAll(() => t.close());

  it('keeps one autosave per admin and article, replaced, read back, dropped on 丢弃', async () => {
    expect(await read(0)).toBeNull();
    expect(await autosave(0, { Title: '草稿一' })).toEqual({ Code: 200, Message: '操作成功', Data: '2024-06-01 10:00:00' });
    clock.advance(30_000);
    await autosave(0, { Title: '草稿二', NewContent: '<p>正文</p>' });
    expect(await read(0)).toEqual({ NewsId: 0, Form: JSON.stringify({ Title: '草稿二', NewContent: '<p>正文</p>' }), SaveTime: '2024-06-01 10:00:30' });
    expect(await t.app.services.database.db.selectFrom('news_autosaves').select('news_id').execute()).toHaveLength(1);
    expect((await call('POST', 'DelNewsAutosave?newsid=0')).Code).toBe(200);
    expect(await read(0)).toBeNull();
  });

  it('is deleted by the real save, and offered only while newer than the article’s last save', async () => {
    await autosave(0, { Title: '新文章' });
    const { Data: id } = await call<number>('POST', 'SaveNews', { MenuId: menuId, Title: '新文章' });
    expect(await read(0)).toBeNull();

    clock.advance(60_000);
    await autosave(id, { Title: '改了一半' });
    expect((await read(id))?.Form).toBe(JSON.stringify({ Title: '改了一半' }));
    // Someone else saved the article later: the copy is stale and not offered.
    await createAdmin(t, admin, 'autosave_other', '内容编辑');
    const other = await loginAdmin(t, 'autosave_other');
    clock.advance(60_000);
    expect((await call('POST', 'SaveNews', { NewsId: id, MenuId: menuId, Title: '他人保存' }, other)).Code).toBe(200);
    expect(await read(id)).toBeNull();

    // My save of the article drops my copy of it.
    clock.advance(60_000);
    await autosave(id, { Title: '再改' });
    expect(await read(id)).not.toBeNull();
    await call('POST', 'SaveNews', { NewsId: id, MenuId: menuId, Title: '再改' });
    expect(await t.app.services.database.db.selectFrom('news_autosaves').select('news_id').where('news_id', '=', id).execute()).toEqual([]);
  });

  it('keeps each API token its own copy: tokens (all acting as admin id 0) share none, with each other or an admin', async () => {
    const roles = await adminCall<{ List: { RoleId: number; RoleName: string }[] }>(t, admin, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999');
    const RoleId = roles.Data.List.find((r) => r.RoleName === '内容编辑')!.RoleId;
    const newToken = async (Name: string) =>
      (await adminCall<{ Token: string }>(t, admin, 'POST', '/api/XfSystemApi/SaveApiToken', { Name, RoleId })).Data.Token;
    const [first, second] = [await newToken('autosave-a'), await newToken('autosave-b')];
    await call('POST', 'DelNewsAutosave?newsid=0');

    clock.advance(60_000);
    await autosave(0, { Title: '令牌甲的草稿' }, first);
    await autosave(0, { Title: '令牌乙的草稿' }, second);
    expect((await read(0, first))?.Form).toBe(JSON.stringify({ Title: '令牌甲的草稿' }));
    expect((await read(0, second))?.Form).toBe(JSON.stringify({ Title: '令牌乙的草稿' }));
    expect(await read(0)).toBeNull();

    // The real save of one token drops its own copy only.
    expect((await call('POST', 'SaveNews', { MenuId: menuId, Title: '令牌甲的文章' }, first)).Code).toBe(200);
    expect(await read(0, first)).toBeNull();
    expect((await read(0, second))?.Form).toBe(JSON.stringify({ Title: '令牌乙的草稿' }));
    await call('POST', 'DelNewsAutosave?newsid=0', undefined, second);
    expect(await read(0, second)).toBeNull();
  });

  it('shows an admin only their own, and refuses what it should', async () => {
    await autosave(0, { Title: '我的草稿' });
    const other = await loginAdmin(t, 'autosave_other');
    expect(await read(0, other)).toBeNull();
    await call('POST', 'DelNewsAutosave?newsid=0', undefined, other);
    expect((await read(0))?.Form).toBe(JSON.stringify({ Title: '我的草稿' }));

    expect(await call('POST', 'SaveNewsAutosave', { NewsId: 0, Form: 'not json' })).toMatchObject({ Code: 400 });
    expect(await autosave(999999, { Title: 'x' })).toMatchObject({ Code: 404, Message: '文章不存在或已删除' });
    expect((await call('POST', 'SaveNewsAutosave', { NewsId: 0, Form: JSON.stringify({ NewContent: 'x'.repeat(3 * 1024 * 1024) }) })).Code).toBe(413);

    // A role without 新增文章 or 修改文章 may not keep autosaves.
    const db = t.app.services.database.db;
    const perms = await db.selectFrom('system_menus').select(['id', 'perms']).execute();
    const MenuIds = perms.filter((m) => m.perms === 'content:news:list').map((m) => m.id);
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '只读文章', MenuIds })).Code).toBe(200);
    await createAdmin(t, admin, 'autosave_reader', '只读文章');
    const reader = await loginAdmin(t, 'autosave_reader');
    const denied = { Code: 403, Message: '当前操作没有权限', Data: null };
    expect(await autosave(0, { Title: 'x' }, reader)).toEqual(denied);
    expect(await call('GET', 'GetNewsAutosave?newsid=0', undefined, reader)).toEqual(denied);
    expect(await call('POST', 'DelNewsAutosave?newsid=0', undefined, reader)).toEqual(denied);
  });
});
