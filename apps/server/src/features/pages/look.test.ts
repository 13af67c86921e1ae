import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';

/**
 * A page's look (look.ts): the visitor's 尺寸 and 关怀模式 from their cookie, and a 哀悼日, drawn
 * into <html class> by the server from the first byte, one kept copy per look; the back office
 * never takes any of it.
 */
describe.each(engines)('the look of a page on %s', (engine) => {
  const DAY = 24 * 3600_000;
  const clock = testClock(Date.UTC(2026, 3, 4, 2, 0, 0)); // 2026-04-04 10:00 in China
  let t: TestApp;
  let admin: string;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-look-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><title>门户</title></head><body><div id="root"></div></body></html>',
    );
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { webDist });
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const htmlTag = async (url: string, cookie?: string) => /<html[^>]*>/.exec((await page(url, cookie)).body)?.[0];

  it('draws the visitor’s care mode and size from their cookie, keeping one copy per look', async () => {
    expect(await htmlTag('/home')).toBe('<html lang="zh-CN" class="size-small">');
    const care = await page('/home', 'other=1; display=c1.t200.kcontrast.u1.p1');
    expect(/<html[^>]*>/.exec(care.body)?.[0]).toBe('<html lang="zh-CN" class="size-small care text-200 spacing-normal scheme-contrast big-cursor simple">');
    expect(care.headers.vary).toBe('Accept-Encoding, Cookie');
    // The kept default page is not the care one, nor the other way round.
    expect(await htmlTag('/home')).toBe('<html lang="zh-CN" class="size-small">');
    expect(await htmlTag('/home', 'display=c1.t200.kcontrast.u1.p1')).toContain('text-200');
    expect(await htmlTag('/home', 'display=zmedium')).toBe('<html lang="zh-CN" class="size-medium">');
    // Care mode's settings while it is off draw nothing; made-up values fall back to the defaults.
    expect(await htmlTag('/home', 'display=t175.kinvert')).toBe('<html lang="zh-CN" class="size-small">');
    expect(await htmlTag('/home', 'display=c1.t999.k<script>.zhuge')).toBe(
      '<html lang="zh-CN" class="size-small care text-150 spacing-normal scheme-default">',
    );
    // Care mode starts at 150 % text; a visitor's own size, the site's 100 % too, is kept.
    expect(await htmlTag('/home', 'display=c1')).toContain(' text-150 ');
    expect(await htmlTag('/home', 'display=c1.t100')).toContain(' text-100 ');
    // The back office and its sign-in keep their own look.
    expect(await htmlTag('/System/home', 'display=c1.t200')).toBe('<html lang="zh-CN">');
    expect(await htmlTag('/login', 'display=c1.t200')).toBe('<html lang="zh-CN">');
  });

  it('greys the home page or the whole public site on a 哀悼日, from its first to its last day, never the back office', async () => {
    const save = async (body: Record<string, unknown>) => {
      const saved = await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveMemorialDay', { Id: 0, Note: '全国哀悼日', ...body });
      expect(saved.Code, saved.Message).toBe(200);
      return saved.Data;
    };
    const grey = async (url: string) => (await htmlTag(url))?.includes('memorial') ?? false;

    expect(await grey('/home')).toBe(false);
    const homeOnly = await save({ StartDate: '2026-04-04', EndDate: '2026-04-04', Scope: 1 });
    expect(await grey('/home')).toBe(true);
    expect((await page('/home')).body).toContain('<meta name="memorial-scope" content="1" />');
    expect(await grey('/searchKey?key=abc')).toBe(false);
    expect(await grey('/System/home')).toBe(false);
    // A care-mode visitor gets grey too, with their look.
    expect(await htmlTag('/home', 'display=c1.t150')).toBe('<html lang="zh-CN" class="size-small care text-150 spacing-normal scheme-default memorial">');

    const wholeSite = await save({ StartDate: '2026-04-05', EndDate: '2026-04-06', Scope: 2 });
    clock.advance(DAY);
    expect(await grey('/home')).toBe(true);
    expect(await grey('/searchKey?key=abc')).toBe(true);
    expect(await grey('/login')).toBe(false);
    clock.advance(DAY);
    expect(await grey('/accessibility')).toBe(true);
    // The day after the range: colour again, with no write in between.
    clock.advance(DAY);
    expect(await grey('/home')).toBe(false);
    expect(await grey('/searchKey?key=abc')).toBe(false);

    // Deleting a day takes effect at once.
    clock.advance(-3 * DAY);
    expect(await grey('/home')).toBe(true);
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/DelMemorialDay', { Id: homeOnly })).Code).toBe(200);
    expect(await grey('/home')).toBe(false);
    expect(wholeSite).toBeGreaterThan(0);
  });
});
