import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFriendLinkDto, FriendLinkDto, ListDto } from '@portal/shared';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { engines, envelope } from '../../../test/harness.js';

describe.each(engines)('back-office friendly links on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveWebFriendlinks', body);
  const adminList = async (query = '') => (await c.call<ListDto<AdminFriendLinkDto>>(c.admin, 'GET', `GetWebFriendlinksList?pagesize=100&${query}`)).Data;
  const footer = async () =>
    envelope<FriendLinkDto[]>(await c.t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetWebFriendlinks' })).Data.map((l) => l.Title);

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('creates, edits and deletes links, and the footer follows at once', async () => {
    const mohurd = await save({ Title: '住房和城乡建设部', Friendlinks: 'https://www.mohurd.gov.cn/', SortNumber: 1 });
    expect(mohurd).toMatchObject({ Code: 200, Message: '操作成功' });
    const cbirc = await save({ Title: '金融监管总局', Friendlinks: 'http://www.nfra.gov.cn', SortNumber: 2 });
    expect(await footer()).toEqual(['住房和城乡建设部', '金融监管总局']);
    expect((await adminList()).List[0]).toMatchObject({
      Id: mohurd.Data,
      Title: '住房和城乡建设部',
      Friendlinks: 'https://www.mohurd.gov.cn/',
      SortNumber: 1,
      Status: 1,
    });
    expect((await adminList()).List[0]?.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await save({ Id: cbirc.Data, Title: '国家金融监督管理总局', Friendlinks: 'http://www.nfra.gov.cn', SortNumber: 0, Status: 0 })).Code).toBe(200);
    expect(await footer()).toEqual(['住房和城乡建设部']);
    expect((await adminList()).List.map((l) => [l.Title, l.Status])).toEqual([
      ['国家金融监督管理总局', 0],
      ['住房和城乡建设部', 1],
    ]);
    expect((await adminList('status=1')).TotalCount).toBe(1);
    expect((await adminList(`key=${encodeURIComponent('金融')}`)).List.map((l) => l.Id)).toEqual([cbirc.Data]);

    expect(await c.call(c.admin, 'POST', 'DelWebFriendlinks', { Id: mohurd.Data })).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await footer()).toEqual([]);
    expect(await c.call(c.admin, 'POST', 'DelWebFriendlinks', { Id: mohurd.Data })).toEqual({ Code: 404, Message: '友情链接不存在', Data: null });
  });

  it('refuses invalid fields with their messages', async () => {
    const ok = { Title: '链接', Friendlinks: 'https://example.org' };
    const cases: [Record<string, unknown>, string][] = [
      [{ Friendlinks: 'https://example.org' }, '请输入链接名称'],
      [{ ...ok, Title: '名'.repeat(201) }, '链接名称不能超过200个字'],
      [{ Title: '链接' }, '请输入链接地址'],
      [{ ...ok, Friendlinks: 'javascript:alert(1)' }, '地址需以http://或https://开头'],
      [{ ...ok, Friendlinks: '/site/path' }, '地址需以http://或https://开头'],
      [{ ...ok, Friendlinks: 'ftp://example.org' }, '地址需以http://或https://开头'],
      [{ ...ok, Friendlinks: 'https://example.org/a b' }, '地址需以http://或https://开头'],
      [{ ...ok, SortNumber: 'x' }, '排序号需为0至999999的整数'],
      [{ ...ok, Status: -1 }, '状态只能是0或1'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    expect(await save({ ...ok, Id: 999999 })).toEqual({ Code: 404, Message: '友情链接不存在', Data: null });
  });

  it('lets a 内容编辑 manage links and guards every call', async () => {
    const saved = await save({ Title: '编辑的链接', Friendlinks: 'https://example.org' }, c.editor);
    expect(saved.Code).toBe(200);
    await expectGuarded(c, [
      ['GET', 'GetWebFriendlinksList'],
      ['POST', 'SaveWebFriendlinks', { Title: '入侵', Friendlinks: 'https://evil.example.com' }],
      ['POST', 'SaveWebFriendlinks', { Id: saved.Data, Title: '入侵', Friendlinks: 'https://evil.example.com' }],
      ['POST', 'DelWebFriendlinks', { Id: saved.Data }],
    ]);
    expect((await adminList()).List.find((l) => l.Id === saved.Data)?.Title).toBe('编辑的链接');
  });
});
