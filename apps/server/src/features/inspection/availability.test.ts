import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AVAILABILITY_PROBE_AGENT,
  availabilityMessages,
  formatCst,
  type AvailabilityReportDto,
  type AvailabilityRoundDto,
  type SystemMenuDto,
} from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { menuEntries, offeredAgain } from '../../../test/menu-offers.js';
import { testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { flushHits } from '../statistics/hits.js';
import { localBase, probeNow, purgeProbes } from './availability.js';

const SB = '/api/XfSysBussiness';
const DAY = 86_400_000;
const MINUTE = 60_000;
/**
 * A probe waits this long in the test before it is a timeout: every probe, the healthy local
 * ones too, which on a busy machine took more than the 400 ms this once was (a healthy page
 * reported 无法访问). Long enough for any page the test app draws, short enough for the hanging
 * servers' probes.
 */
const TIMEOUT_MS = 3000;
const ENTRY_SERVER = `export async function render() { return { html: '<main>页面</main>', styles: '', state: '{}' }; }`;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const flatten = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

/** A server on 127.0.0.1 answering every request with `answer` (or never, when it is undefined). */
async function otherServer(answer?: (res: http.ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => answer?.(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(engines)('可用性监测 on %s', (engine) => {
  let t: TestApp;
  let web: TestWebBuild;
  let admin: string;
  let listPath: string;
  const clock = testClock();
  const at = (ms: number) => formatCst(clock.now() - ms);

  const report = (query = '', token = admin) => adminCall<AvailabilityReportDto>(t, token, 'GET', `${SB}/GetAvailability${query}`);
  const probe = (token = admin) => adminCall<AvailabilityRoundDto>(t, token, 'POST', `${SB}/ProbeAvailability`, {});
  /** One round through the public address `url` (and the local one), as the job makes it. */
  const probeVia = (url: string) =>
    probeNow({ database: t.app.services.database, config: { ...t.config, publicBaseUrl: url }, now: clock.now, server: t.app.server });
  const plant = (rows: { at: string; target?: string; via?: 'local' | 'public'; ok: boolean; ms?: number }[]) =>
    t.app.services.database.db
      .insertInto('availability_probes')
      .values(rows.map((r) => ({ target: '/home', via: 'local', ms: 100, status: r.ok ? 200 : 0, problem: r.ok ? '' : '超时', ...r, ok: r.ok ? 1 : 0 })))
      .execute();

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    t = await createAdminTestApp(
      engine,
      { now: clock.now, backgroundJobs: false },
      { webDist: web.webDist, publicBaseUrl: undefined, availability: { probeMinutes: 0, timeoutMs: TIMEOUT_MS } },
    );
    // Probes go over HTTP, as a visitor's requests do: the app listens.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await loginAdmin(t);
    const { db } = t.app.services.database;
    await insertMenu(db, { name: '首页', curValue: 'home' });
    const news = await insertMenu(db, { name: '新闻中心', webUrl: '/news' });
    // The first list a visitor reaches in the menus' order: under a link menu, before a later top-level list.
    listPath = `/menuList?ParentId=${news}&MenuId=${await insertMenu(db, { name: '通知公告', parentId: news })}`;
    await insertMenu(db, { name: '协会动态' });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  describe('probing', () => {
    beforeEach(async () => {
      await t.app.services.database.db.deleteFrom('availability_probes').execute();
    });

    it('asks the home page and the first list page (links and the home page’s menu passed) over HTTP: ok with their times, stored, audited', async () => {
      const { Code, Message, Data } = await probe();
      expect([Code, Message]).toEqual([200, availabilityMessages.probed(0)]);
      expect(Data.At).toBe('2024-06-01 10:00:00');
      expect(Data.Probes.map((p) => [p.Page, p.Target, p.Via, p.Ok, p.Status, p.Problem])).toEqual([
        ['home', '/home', 'local', true, 200, ''],
        ['list', listPath, 'local', true, 200, ''],
      ]);
      for (const p of Data.Probes) expect(p.Ms).toBeGreaterThanOrEqual(0);
      const stored = await t.app.services.database.db.selectFrom('availability_probes').select(['at', 'target', 'via', 'ok', 'status']).orderBy('id').execute();
      expect(stored).toEqual([
        { at: '2024-06-01 10:00:00', target: '/home', via: 'local', ok: 1, status: 200 },
        { at: '2024-06-01 10:00:00', target: listPath, via: 'local', ok: 1, status: 200 },
      ]);
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['action', 'result', 'detail'])
        .where('target', '=', '可用性监测')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'inspection:availability:probe', result: 1 });
      expect(audit.detail).toContain('local /home');
      expect((await report()).Data.LastProbeAt).toBe('2024-06-01 10:00:00');
    });

    it('fails a public address that answers 500, one that hangs past the timeout, one that refuses, one that is no page', async () => {
      const failing = await otherServer((res) => res.writeHead(500).end('oops'));
      const hanging = await otherServer();
      const json = await otherServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      const closed = await otherServer();
      await closed.close();
      try {
        const publicOf = async (url: string) =>
          (await probeVia(url)).probes.filter((p) => p.via === 'public').map((p) => [p.target, p.ok, p.status, p.problem]);
        expect(await publicOf(failing.url)).toEqual([
          ['/home', false, 500, '服务器错误：HTTP 500'],
          [listPath, false, 500, '服务器错误：HTTP 500'],
        ]);
        const hung = (await probeVia(hanging.url)).probes.find((p) => p.via === 'public')!;
        expect([hung.ok, hung.status, hung.problem]).toEqual([false, 0, availabilityMessages.timeout(TIMEOUT_MS / 1000)]);
        expect(hung.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect((await publicOf(closed.url))[0]).toEqual(['/home', false, 0, availabilityMessages.refused]);
        expect((await publicOf(json.url))[0]).toEqual(['/home', false, 200, '不是网页：Content-Type 为 application/json']);
      } finally {
        await Promise.all([failing.close(), hanging.close(), json.close()]);
      }
      // The local probes of each round were fine; the failures are listed newest first.
      const { Data } = await report('?days=1');
      expect(Data.Daily[0]!.Local).toMatchObject({ Probes: 8, Failures: 0, Uptime: 100 });
      expect(Data.Daily[0]!.Public).toMatchObject({ Probes: 8, Failures: 8, Uptime: 0, AverageMs: null, P95Ms: null });
      expect(Data.Failures).toHaveLength(8);
      expect(Data.Failures[0]).toMatchObject({ Via: 'public', Page: 'list', Problem: '不是网页：Content-Type 为 application/json' });
    });

    it('probes one round at a time: a second asked meanwhile gets the first one’s answer', async () => {
      const hanging = await otherServer();
      try {
        const [a, b] = await Promise.all([probeVia(hanging.url), probe()]);
        expect(b.Data.At).toBe(a.at);
        expect(b.Data.Probes).toHaveLength(a.probes.length);
        expect(b.Message).toBe(availabilityMessages.probed(2));
      } finally {
        await hanging.close();
      }
      expect(await t.app.services.database.db.selectFrom('availability_probes').select('id').execute()).toHaveLength(4);
    });

    it('is not counted by 访问统计, while a browser asking the same page is', async () => {
      const { database } = t.app.services;
      const hits = async () => {
        await flushHits(database);
        return database.db.selectFrom('stat_hits').select(['path', 'bot']).execute();
      };
      const before = (await hits()).length;
      await probe();
      await fetch(`${localBase(t.app.server)}/home`, { headers: { 'user-agent': AVAILABILITY_PROBE_AGENT } });
      expect(await hits()).toHaveLength(before);
      await fetch(`${localBase(t.app.server)}/home`, { headers: { 'user-agent': CHROME } });
      expect((await hits()).slice(before)).toEqual([{ path: '/home', bot: '' }]);
    });
  });

  describe('figures', () => {
    beforeEach(async () => {
      await t.app.services.database.db.deleteFrom('availability_probes').execute();
    });

    it('counts each day and way: probes, failures, uptime, average and p95 of the ok ones', async () => {
      // Today is 2024-06-01 (10:00); yesterday's last minute and today's first are different days.
      await plant([
        { at: '2024-05-30 08:00:00', ok: true, ms: 100 },
        { at: '2024-05-31 00:00:00', ok: true, ms: 100 },
        { at: '2024-05-31 12:00:00', ok: false, ms: 400 },
        { at: '2024-05-31 23:59:59', ok: true, ms: 300 },
        { at: '2024-05-31 23:59:59', via: 'public', ok: true, ms: 500 },
        { at: '2024-06-01 00:00:00', ok: true, ms: 50 },
        ...Array.from({ length: 19 }, (_, i) => ({ at: at((i + 1) * MINUTE), ok: true, ms: 10 + i })),
      ]);
      const { Code, Data } = await report('?days=2');
      expect(Code).toBe(200);
      expect([Data.Days, Data.CheckedAt, Data.EveryMinutes, Data.ProbesPublic]).toEqual([2, '2024-06-01 10:00:00', 0, false]);
      expect(Data.Daily.map((d) => d.Day)).toEqual(['2024-05-31', '2024-06-01']);
      expect(Data.Daily[0]).toEqual({
        Day: '2024-05-31',
        Local: { Probes: 3, Failures: 1, Uptime: 66.67, AverageMs: 200, P95Ms: 300 },
        Public: { Probes: 1, Failures: 0, Uptime: 100, AverageMs: 500, P95Ms: 500 },
      });
      // 20 ok: 50 and 10…28 ms; the 95th percentile is the 19th of them.
      expect(Data.Daily[1]!.Local).toEqual({ Probes: 20, Failures: 0, Uptime: 100, AverageMs: 21, P95Ms: 28 });
      expect(Data.Daily[1]!.Public).toEqual({ Probes: 0, Failures: 0, Uptime: null, AverageMs: null, P95Ms: null });
      expect(Data.Total.Local).toMatchObject({ Probes: 23, Failures: 1 });
      expect(Data.Failures).toEqual([
        { At: '2024-05-31 12:00:00', Page: 'home', Target: '/home', Via: 'local', Ok: false, Status: 0, Ms: 400, Problem: '超时' },
      ]);
      // The 30 days by default, every one listed, the empty ones too.
      const month = (await report()).Data;
      expect(month.Daily).toHaveLength(30);
      expect(month.Daily[0]!.Day).toBe('2024-05-03');
      expect(month.Total.Local.Probes).toBe(24);
      expect(month.LastProbeAt).toBe('2024-06-01 09:59:00');
    });

    it('fails the site at 15 home-page failures in the last 7 days, a round failing both ways counting once', async () => {
      const week = async () => (await report('?days=1')).Data.Week;
      // Out of the week (7 days ago), a list page, ok probes: none count.
      await plant([
        { at: '2024-05-25 23:59:59', ok: false },
        { at: at(DAY), target: '/menuList?ParentId=0&MenuId=1', ok: false },
        { at: at(2 * DAY), ok: true },
      ]);
      const failures = Array.from({ length: 14 }, (_, i) => at(i * 10 * 3_600_000 + MINUTE));
      await plant(
        failures.flatMap((a) => [
          { at: a, ok: false },
          { at: a, via: 'public' as const, ok: false },
        ]),
      );
      expect(await week()).toEqual({ HomeProbes: 15, HomeFailures: 14, Threshold: 15, Failing: false });
      await plant([{ at: '2024-05-26 00:00:00', via: 'public', ok: false }]);
      expect(await week()).toEqual({ HomeProbes: 16, HomeFailures: 15, Threshold: 15, Failing: true });
    });

    it('refuses a range of days out of 1–90', async () => {
      for (const days of ['0', '91', '-1', '1.5', 'abc', '三十'])
        expect(await report(`?days=${encodeURIComponent(days)}`), days).toEqual({ Code: 400, Message: availabilityMessages.daysInvalid, Data: null });
      expect((await report('?days=90')).Data.Daily).toHaveLength(90);
      expect((await report('?days=')).Data.Days).toBe(30);
    });

    it('keeps probes 90 days, today included', async () => {
      await plant([
        { at: '2024-03-03 23:59:59', ok: true },
        { at: '2024-03-04 00:00:00', ok: true },
        { at: at(0), ok: true },
      ]);
      expect(await purgeProbes(t.app.services.database, clock.now())).toBe(1);
      expect((await t.app.services.database.db.selectFrom('availability_probes').select('at').orderBy('at').execute()).map((r) => r.at)).toEqual([
        '2024-03-04 00:00:00',
        '2024-06-01 10:00:00',
      ]);
    });
  });

  it('is for staff granted it: the page reads, its button probes', async () => {
    await createAdmin(t, admin, 'editor_a', '内容编辑');
    const editor = await loginAdmin(t, 'editor_a');
    expect((await report('', editor)).Code).toBe(403);
    expect((await probe(editor)).Code).toBe(403);

    const menus = flatten((await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList?all=1')).Data);
    const role = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '可用性巡查',
      MenuIds: [menus.find((m) => m.menuname === '网站检查')?.MenuId, menus.find((m) => m.perms === 'inspection:availability')?.MenuId],
    });
    expect(role.Code, role.Message).toBe(200);
    await createAdmin(t, admin, 'watcher_a', '可用性巡查');
    const watcher = await loginAdmin(t, 'watcher_a');
    expect((await report('', watcher)).Code).toBe(200);
    expect((await probe(watcher)).Code).toBe(403);
  });

  it('reaches an existing install: 可用性监测 and 立即检测 are added at the end of 网站检查', async () => {
    const { before, after } = await offeredAgain(t, 'inspection:availability');
    expect(before.map((m) => m.perms)).toEqual(['inspection:availability', 'inspection:availability:probe']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['inspection:availability', 2],
      ['inspection:availability:probe', 3],
    ]);
    const own = (await adminCall<SystemMenuDto[]>(t, admin, 'GET', '/api/XfSystemApi/GetSystemMenuList')).Data;
    const inspection = own.find((m) => m.menuname === '网站检查')!;
    expect(inspection.children.at(-1)).toMatchObject({
      menuname: '可用性监测',
      path: 'inspection/availability',
      component: 'inspection/availability/index',
      icon: 'GlobalOutlined',
    });
    expect(after[0]!.parent_id).toBe(inspection.MenuId);
    expect(await menuEntries(t, 'inspection:availability')).toEqual(after);
  });
});
