import http, { type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCheckMessages, type LinkCheckDto, type LinkFindingDto, type SystemMenuDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { readSheet } from '../../../test/xlsx.js';
import { checkExternal, isPrivateAddress } from './link-fetch.js';
import { linksIn, targetOf } from './link-extract.js';

const SB = '/api/XfSysBussiness';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A local server answering `answer`; counts requests and ends hanging connections on close. */
async function localServer(answer: (path: string, method: string, res: ServerResponse) => void) {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    answer(req.url ?? '/', req.method ?? 'GET', res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    port,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
type Local = Awaited<ReturnType<typeof localServer>>;

/** Writes 100 MB to whoever asks, as fast as they read, and stops when they leave. */
function hugeBody(res: ServerResponse, sent: { bytes: number }) {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const pump = () => {
    while (!res.destroyed && sent.bytes < 100 * 2 ** 20) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

describe('链接检查: reading and judging links', () => {
  it('reads href and src of a, img, source, video and iframe, once each, skipping what no visitor follows', () => {
    const html =
      '<p><a href="/info?NewsId=1">站内</a><a href="#top">锚点</a><a href="mailto:x@y.cn">信</a><a href="javascript:x()">js</a>' +
      '<img src="/uploads/202401/a.png"><a href="/uploads/202401/a.png">原图</a><video src="/uploads/202401/v.mp4" poster="/uploads/202401/p.jpg"><source src="https://e.cn/v.mp4"></video>' +
      '<iframe src="https://e.cn/frame"></iframe><a href="https://e.cn/frame">同一地址</a></p>';
    expect(linksIn(html)).toEqual([
      { url: '/info?NewsId=1', picture: false },
      { url: '/uploads/202401/a.png', picture: true },
      { url: '/uploads/202401/v.mp4', picture: false },
      { url: '/uploads/202401/p.jpg', picture: true },
      { url: 'https://e.cn/v.mp4', picture: false },
      { url: 'https://e.cn/frame', picture: false },
    ]);
  });

  it('tells the site’s pages, its uploads and other sites apart', () => {
    const site = { publicBaseUrl: 'https://www.xh.org.cn', assetBaseUrl: 'https://cdn.xh.cn' };
    const kind = (url: string, picture = false) => targetOf({ url, picture }, site).kind;
    expect(kind('/info?NewsId=1')).toBe('internal');
    expect(kind('https://www.xh.org.cn/menuList?MenuId=3')).toBe('internal');
    expect(kind('/uploads/202401/a.pdf')).toBe('file');
    expect(kind('/uploads/202401/a.PNG')).toBe('image');
    expect(kind('https://cdn.xh.cn/uploads/202401/a.docx')).toBe('file');
    expect(kind('http://www.gov.cn/')).toBe('external');
    expect(kind('ftp://files.example.org/a.zip')).toBe('skip');
    expect(kind('http://[bad')).toBe('skip');
  });

  it('never asks a private, loopback or link-local address unless allowed', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '114.114.114.114', '2400:3200::1']) expect(isPrivateAddress(address), address).toBe(false);
    const server = await localServer((_p, _m, res) => res.end('ok'));
    try {
      expect(await checkExternal(server.url(), { timeoutMs: 1000, privateAddresses: false })).toEqual({
        problem: 'private-address',
        status: 0,
        detail: '127.0.0.1',
      });
      expect(server.asked).toEqual([]);
      expect(await checkExternal(server.url(), { timeoutMs: 1000, privateAddresses: true })).toEqual({ status: 200 });
    } finally {
      await server.close();
    }
  });
});

/**
 * How long the checker waits for a link in the test: long enough for the local servers that do
 * answer (on a busy machine a good one took more than the 400 ms this once was, and would be
 * reported as a timeout), short enough for the one that never does.
 */
const LINK_TIMEOUT_MS = 3000;

/**
 * 链接检查 on a small site whose articles link local servers that answer 404, 500, never, in a
 * loop, elsewhere and with a huge body, a missing upload, a deleted article, and good links.
 */
describe.each(engines)('链接检查 on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  const servers: Record<string, Local> = {};
  const huge = { bytes: 0 };
  const ids: Record<string, number> = {};

  const summary = (token = admin) => adminCall<LinkCheckDto>(t, token, 'GET', `${SB}/GetLinkCheck`);
  const findings = async (query = '', token = admin) =>
    adminCall<{ List: LinkFindingDto[]; TotalCount: number }>(t, token, 'GET', `${SB}/GetLinkFindings?pagesize=100${query}`);
  const start = (token = admin) => adminCall<number>(t, token, 'POST', `${SB}/StartLinkCheck`);
  const handle = (body: Record<string, unknown>, token = admin) => adminCall<LinkFindingDto>(t, token, 'POST', `${SB}/SaveLinkFinding`, body);
  /** Polls until the latest run has ended (generously bounded). */
  const ended = async () => {
    for (let i = 0; i < 900; i++) {
      const { Data } = await summary();
      if (Data.Latest && Data.Latest.State !== 'running') return Data;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the link check did not end within 90 s');
  };

  beforeAll(async () => {
    servers.missing = await localServer((_p, _m, res) => res.writeHead(404).end('not found'));
    servers.broken = await localServer((_p, _m, res) => res.writeHead(500).end('oops'));
    servers.hang = await localServer(() => undefined);
    servers.loop = await localServer((path, _m, res) => res.writeHead(302, { Location: path === '/a' ? '/b' : '/a' }).end());
    servers.good = await localServer((_p, _m, res) => res.writeHead(200).end('ok'));
    servers.away = await localServer((_p, _m, res) => res.writeHead(301, { Location: `http://localhost:${servers.good!.port}/moved` }).end());
    servers.huge = await localServer((_p, method, res) => (method === 'HEAD' ? res.writeHead(405).end() : hugeBody(res, huge)));

    t = await createAdminTestApp(engine, { backgroundJobs: false }, { linkCheck: { days: 0, timeoutMs: LINK_TIMEOUT_MS, privateAddresses: true } });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor_l', '超级管理员');
    editor = await loginAdmin(t, 'editor_l');
    const { db } = t.app.services.database;
    const menuId = (ids.menu = await insertMenu(db, { name: '协会动态' }));
    const save = async (token: string, Title: string, NewContent: string) => {
      const saved = await adminCall<number>(t, token, 'POST', `${SB}/SaveNews`, { MenuId: menuId, Title, NewContent, Status: 1 });
      expect(saved.Code, saved.Message).toBe(200);
      return (ids[Title] = saved.Data);
    };
    const gone = await save(admin, '已删除的文章', '<p>旧文</p>');
    await db.deleteFrom('news').where('id', '=', gone).execute();
    const picture = await t.app.services.storage.saveBuffer(PNG, 'png');
    const links = [
      servers.missing.url('/page'),
      servers.broken.url('/'),
      servers.hang.url('/'),
      servers.loop.url('/a'),
      servers.away.url('/'),
      servers.huge.url('/'),
      servers.good.url('/'),
      `/info?MenuId=${menuId}&NewsId=${gone}`,
    ];
    await save(editor, '外部链接汇总', `<p>${links.map((href) => `<a href="${href}">链接</a>`).join('')}</p>`);
    await save(
      admin,
      '附件与图片',
      `<p><a href="/uploads/202401/0123456789abcdef0123456789abcdef.pdf">附件</a><img src="/uploads/202401/fedcba9876543210fedcba9876543210.jpg"><img src="${picture}"><a href="${servers.missing.url('/page')}">同一死链</a><a href="/info?MenuId=${menuId}&NewsId=${ids['外部链接汇总']}">好文章</a></p>`,
    );
    // Written without the back office: no revision, so no editor to name.
    ids.imported = await insertNews(db, { menuId, title: '导入的文章', content: `<p><a href="${servers.broken.url('/')}">旧链接</a></p>` });
  });
  afterAll(async () => {
    await t?.close();
    for (const s of Object.values(servers)) await s.close();
  });

  it('has no run before the first', async () => {
    expect((await summary()).Data).toEqual({ Latest: null, Listed: null, Open: 0 });
    expect((await findings()).Data).toEqual({ List: [], TotalCount: 0 });
  });

  it('runs in the background, one run at a time, and finds each broken link with its article and editor', async () => {
    const started = await start();
    expect(started).toMatchObject({ Code: 200, Message: linkCheckMessages.started, Data: expect.any(Number) });
    // The hanging server holds the run for the timeout at least.
    const again = await start();
    expect(again).toMatchObject({ Code: 409, Data: null });
    expect(again.Message).toMatch(/^链接检查正在进行中（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 开始），请等本次检查结束后再开始$/);
    expect((await summary()).Data.Latest).toMatchObject({ Id: started.Data, State: 'running', Origin: 'manual', AdminAccount: 'admin' });

    const done = await ended();
    expect(done.Latest).toMatchObject({ Id: started.Data, State: 'done', Pages: 3, Links: 14, Broken: 10, Error: '' });
    expect(done.Listed!.Id).toBe(started.Data);
    expect(done.Open).toBe(10);

    const { List, TotalCount } = (await findings()).Data;
    expect(TotalCount).toBe(10);
    const brief = List.map((f) => [f.NewsTitle, f.Kind, f.Url, f.Problem, f.Status, f.EditorAccount, f.EditorName, f.Handled]);
    const menu = ids.menu;
    expect(brief).toEqual(
      expect.arrayContaining([
        ['外部链接汇总', 'external', servers.missing!.url('/page'), '404', 404, 'editor_l', 'editor_l', 'open'],
        ['外部链接汇总', 'external', servers.broken!.url('/'), '5xx', 500, 'editor_l', 'editor_l', 'open'],
        ['外部链接汇总', 'external', servers.hang!.url('/'), 'timeout', 0, 'editor_l', 'editor_l', 'open'],
        ['外部链接汇总', 'external', servers.loop!.url('/a'), 'redirect-loop', 302, 'editor_l', 'editor_l', 'open'],
        ['外部链接汇总', 'external', servers.away!.url('/'), 'redirect-offsite', 301, 'editor_l', 'editor_l', 'open'],
        ['外部链接汇总', 'internal', `/info?MenuId=${menu}&NewsId=${ids['已删除的文章']}`, '404', 404, 'editor_l', 'editor_l', 'open'],
        ['附件与图片', 'file', '/uploads/202401/0123456789abcdef0123456789abcdef.pdf', 'missing', 404, 'admin', '超级管理员', 'open'],
        ['附件与图片', 'image', '/uploads/202401/fedcba9876543210fedcba9876543210.jpg', 'missing', 404, 'admin', '超级管理员', 'open'],
        ['附件与图片', 'external', servers.missing!.url('/page'), '404', 404, 'admin', '超级管理员', 'open'],
        ['导入的文章', 'external', servers.broken!.url('/'), '5xx', 500, '', '', 'open'],
      ]),
    );
    expect(List.find((f) => f.Problem === 'redirect-offsite')?.Detail).toBe(`http://localhost:${servers.good!.port}/moved`);
    expect(List[0]).toMatchObject({ MenuId: menu, MenuName: '协会动态' });
    // One address is asked once per run, however many articles link it; the huge page was left after its headers.
    expect(servers.missing!.asked).toEqual(['HEAD /page']);
    expect(servers.huge!.asked).toEqual(['HEAD /', 'GET /']);
    expect(huge.bytes).toBeLessThan(100 * 2 ** 20);
    expect(List.some((f) => f.Url.startsWith(servers.huge!.url()) || f.Url.startsWith(servers.good!.url()))).toBe(false);

    expect((await findings('&kind=image')).Data.List.map((f) => f.Url)).toEqual(['/uploads/202401/fedcba9876543210fedcba9876543210.jpg']);
    expect(await findings('&kind=pdf')).toEqual({ Code: 400, Message: linkCheckMessages.kindInvalid, Data: null });
  });

  it('marks a finding fixed or ignored (with a reason), audited; an ignored one stays ignored in the next run', async () => {
    const { List } = (await findings('&kind=external')).Data;
    const hang = List.find((f) => f.Problem === 'timeout')!;
    const loop = List.find((f) => f.Problem === 'redirect-loop')!;
    expect(await handle({ Id: hang.Id, Handled: 'ignored' })).toEqual({ Code: 400, Message: linkCheckMessages.reasonRequired, Data: null });
    expect(await handle({ Id: hang.Id, Handled: 'ignored', Reason: '   ' })).toEqual({ Code: 400, Message: linkCheckMessages.reasonRequired, Data: null });
    expect(await handle({ Id: hang.Id, Handled: 'gone' })).toEqual({ Code: 400, Message: linkCheckMessages.handledInvalid, Data: null });
    expect(await handle({ Id: 999_999, Handled: 'fixed' })).toEqual({ Code: 404, Message: linkCheckMessages.findingNotFound, Data: null });
    const ignored = await handle({ Id: hang.Id, Handled: 'ignored', Reason: '对方网站仅限内网访问' });
    expect(ignored).toMatchObject({ Code: 200, Message: '修改成功', Data: { Handled: 'ignored', Reason: '对方网站仅限内网访问', HandledBy: 'admin' } });
    expect(ignored.Data.HandledAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await handle({ Id: loop.Id, Handled: 'fixed' })).Data).toMatchObject({ Handled: 'fixed', Reason: '' });
    expect((await findings('&handled=ignored')).Data.List.map((f) => f.Id)).toEqual([hang.Id]);
    expect((await summary()).Data.Open).toBe(8);

    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'target_id', 'result', 'detail'])
      .where('target', '=', '链接问题')
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.result === 1).map((a) => [a.action, a.target_id, a.detail])).toEqual([
      ['inspection:links:handle', String(hang.Id), `${hang.Url}：已忽略（对方网站仅限内网访问）`],
      ['inspection:links:handle', String(loop.Id), `${loop.Url}：已处理`],
    ]);

    // Run again: the ignored link is still ignored; the one marked fixed is still broken, so open again.
    const second = await start();
    expect(second.Code, second.Message).toBe(200);
    const again = (await ended()).Latest;
    expect(again, again?.Error).toMatchObject({ Id: second.Data, State: 'done', Broken: 10 });
    const now = (await findings('&kind=external')).Data.List;
    expect(now.find((f) => f.Url === hang.Url && f.NewsId === hang.NewsId)).toMatchObject({
      Handled: 'ignored',
      Reason: '对方网站仅限内网访问',
      HandledBy: 'admin',
    });
    expect(now.find((f) => f.Url === loop.Url)).toMatchObject({ Handled: 'open' });
    const reopened = await handle({ Id: now.find((f) => f.Url === hang.Url)!.Id, Handled: 'open' });
    expect(reopened.Data).toMatchObject({ Handled: 'open', Reason: '', HandledBy: '', HandledAt: '' });
  });

  it('exports the findings as .xlsx', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${SB}/ExportLinkFindings?kind=file`, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['类型', '地址', '问题', '状态码', '说明', '所在文章', '文章编号', '栏目', '编辑', '处理状态', '原因', '处理人', '处理时间']);
    expect(rows.slice(1)).toEqual([
      [
        '附件',
        '/uploads/202401/0123456789abcdef0123456789abcdef.pdf',
        '文件不存在',
        404,
        undefined,
        '附件与图片',
        ids['附件与图片'],
        '协会动态',
        '超级管理员（admin）',
        '未处理',
      ],
    ]);
  });

  it('is for staff granted it: the page reads; starting, handling and exporting are its buttons', async () => {
    await createAdmin(t, admin, 'editor_x', '内容编辑');
    const outsider = await loginAdmin(t, 'editor_x');
    const finding = (await findings()).Data.List[0]!;
    expect((await summary(outsider)).Code).toBe(403);
    expect((await findings('', outsider)).Code).toBe(403);
    expect((await start(outsider)).Code).toBe(403);

    const flatten = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);
    const menus = flatten((await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
    const role = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '链接巡查',
      MenuIds: [menus.find((m) => m.menuname === '网站检查')?.MenuId, menus.find((m) => m.perms === 'inspection:links')?.MenuId],
    });
    expect(role.Code, role.Message).toBe(200);
    await createAdmin(t, admin, 'watcher_l', '链接巡查');
    const watcher = await loginAdmin(t, 'watcher_l');
    expect((await summary(watcher)).Code).toBe(200);
    expect((await findings('', watcher)).Data.TotalCount).toBe(10);
    expect((await start(watcher)).Code).toBe(403);
    expect((await handle({ Id: finding.Id, Handled: 'fixed' }, watcher)).Code).toBe(403);
    expect((await adminCall(t, watcher, 'GET', `${SB}/ExportLinkFindings`)).Code).toBe(403);
  });

  it('reaches an existing install: 链接检查 with its buttons under 网站检查, after 栏目更新', async () => {
    const { before, after } = await offeredAgain(t, 'inspection:links');
    expect(before.map((m) => m.perms)).toEqual(['inspection:links', 'inspection:links:run', 'inspection:links:handle', 'inspection:links:export']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['inspection:links', 2],
      ['inspection:links:run', 3],
      ['inspection:links:handle', 3],
      ['inspection:links:export', 3],
    ]);
    const own = (await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const inspection = own.find((m) => m.menuname === '网站检查')!;
    const names = inspection.children.map((m) => m.menuname);
    expect(names.indexOf('链接检查')).toBe(names.indexOf('栏目更新') + 1);
    expect(inspection.children.find((m) => m.menuname === '链接检查')).toMatchObject({
      path: 'inspection/links',
      component: 'inspection/links/index',
      icon: 'DisconnectOutlined',
    });
    expect(after[0]!.parent_id).toBe(inspection.MenuId);
    expect(await menuEntries(t, 'inspection:links')).toEqual(after);
  });
});
