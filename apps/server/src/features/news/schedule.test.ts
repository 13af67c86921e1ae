import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type AdminNewsItemDto, type ListDto, type NewsListItemDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, envelope, secondInstance, type TestApp } from '../../../test/harness.js';
import { runPublishingClock } from './schedule.js';

const HOUR = 3_600_000;

/** Polls until `check` holds: the background clock works in its own time. */
async function eventually(check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(engines)('scheduled publishing and take-down on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menuId: number;
  const at = (ms: number) => formatCst(clock.now() + ms);
  /** Moves the clock on; the back-office session, which ends after hours, is opened again. */
  const later = async (ms: number) => {
    clock.advance(ms);
    admin = await loginAdmin(t);
  };

  beforeAll(async () => {
    // The clock is ticked by hand here; the background one is checked on an instance of its own.
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    admin = await loginAdmin(t);
    menuId = await insertMenu(t.app.services.database.db, { name: '通知公告' });
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>) =>
    adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveNews', { MenuId: menuId, NewContent: '<p>正文</p>', ...body });
  const publicGet = async <T>(url: string) => envelope<T>(await t.app.inject({ method: 'GET', url: `/api/XfWebApi/${url}` }));
  const latestTitles = async () => (await publicGet<ListDto<NewsListItemDto>>('GetNewsReList?pagesize=100')).Data.List.map((n) => n.Title);
  const menuTitles = async () => (await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?pid=${menuId}&pagesize=100`)).Data.List.map((n) => n.Title);
  const inBackOffice = async (id: number) =>
    (await adminCall<ListDto<AdminNewsItemDto>>(t, admin, 'GET', `/api/XfSysBussiness/GetNewsList?menuid=${menuId}&pagesize=100`)).Data.List.find(
      (n) => n.NewsId === id,
    );
  const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

  it('keeps an article saved with a publish time to come out of every public read, then publishes it at that time', async () => {
    // Read (and cached) before: the publishing must show in them at once.
    expect(await latestTitles()).toEqual([]);
    const publishAt = at(HOUR);
    const saved = await save({ Title: '2030年度会员大会通知', Status: 1, NewsCreateTime: publishAt });
    expect(saved).toMatchObject({ Code: 200, Message: `已定时发布，将于${publishAt}发布` });
    expect(await inBackOffice(saved.Data)).toMatchObject({ Status: 4, NewsCreateTime: publishAt });

    expect(await latestTitles()).toEqual([]);
    expect(await menuTitles()).toEqual([]);
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${encodeURIComponent('会员大会')}`)).Data.TotalCount).toBe(0);
    expect((await publicGet(`GetNewsDetail?newsid=${saved.Data}`)).Data).toMatchObject({ Status: 4, Title: '', NewContent: '' });
    expect(await sitemap()).not.toContain(`NewsId=${saved.Data}`);

    // A tick before the time changes nothing.
    await later(HOUR - 1000);
    expect(await runPublishingClock(t.app.services)).toBe(0);
    await later(1000);
    expect(await runPublishingClock(t.app.services)).toBe(1);
    expect(await runPublishingClock(t.app.services)).toBe(0);
    expect(await latestTitles()).toEqual(['2030年度会员大会通知']);
    expect(await menuTitles()).toEqual(['2030年度会员大会通知']);
    expect((await publicGet<ListDto<NewsListItemDto>>(`GetNewsList?key=${encodeURIComponent('会员大会')}`)).Data.TotalCount).toBe(1);
    expect(await sitemap()).toContain(`NewsId=${saved.Data}`);
    expect(await inBackOffice(saved.Data)).toMatchObject({ Status: 1, NewsCreateTime: publishAt });
  });

  it('takes a published article down at its take-down time, and refuses a take-down time before publishing or in the past', async () => {
    expect((await save({ Title: '招标公示', NewsCreateTime: at(2 * HOUR), OfflineTime: at(HOUR) })).Message).toBe('定时下线时间须晚于发布时间');
    expect((await save({ Title: '招标公示', OfflineTime: at(-HOUR) })).Message).toBe('定时下线时间须晚于当前时间');
    expect((await save({ Title: '招标公示', OfflineTime: '2025-02-30 10:00' })).Message).toBe('定时下线时间格式应为yyyy-MM-dd HH:mm:ss');

    const offlineAt = at(24 * HOUR);
    const saved = await save({ Title: '招标公示', OfflineTime: offlineAt });
    expect(saved.Code, saved.Message).toBe(200);
    expect(await inBackOffice(saved.Data)).toMatchObject({ Status: 1, OfflineTime: offlineAt });
    expect(await menuTitles()).toContain('招标公示');
    await later(24 * HOUR);
    expect(await runPublishingClock(t.app.services)).toBe(1);
    expect(await menuTitles()).not.toContain('招标公示');
    expect((await publicGet(`GetNewsDetail?newsid=${saved.Data}`)).Data).toMatchObject({ Status: 0 });

    const log = await adminCall<ListDto<{ Account: string; Detail: string }>>(
      t,
      admin,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?account=定时任务&pagesize=100',
    );
    expect(log.Data.List.map((e) => e.Detail).sort()).toEqual(['定时下线：招标公示', '定时发布：2030年度会员大会通知']);
  });

  it('keeps a draft out of every public read', async () => {
    const saved = await save({ Title: '草稿一篇', Status: 5 });
    expect(await inBackOffice(saved.Data)).toMatchObject({ Status: 5 });
    await later(HOUR);
    expect(await runPublishingClock(t.app.services)).toBe(0);
    expect(await menuTitles()).not.toContain('草稿一篇');
    expect((await publicGet(`GetNewsDetail?newsid=${saved.Data}`)).Data).toMatchObject({ Status: 5, Title: '' });
  });

  it('publishes with no request needed: the server’s own clock does it', async () => {
    const withClock = await secondInstance(t, { now: clock.now, backgroundJobs: true });
    try {
      const saved = await save({ Title: '自动发布的通知', NewsCreateTime: at(HOUR) });
      expect(saved.Code, saved.Message).toBe(200);
      await later(HOUR);
      await eventually(async () => (await inBackOffice(saved.Data))?.Status === 1);
    } finally {
      await withClock.close();
    }
  });

  it('publishes each article once when two instances tick together', async () => {
    const second = await secondInstance(t, { now: clock.now, backgroundJobs: false });
    try {
      const titles = ['同时发布一', '同时发布二', '同时发布三'];
      for (const Title of titles) expect((await save({ Title, NewsCreateTime: at(HOUR) })).Code).toBe(200);
      await later(HOUR);
      const changed = await Promise.all([runPublishingClock(t.app.services), runPublishingClock(second.app.services), runPublishingClock(t.app.services)]);
      expect(changed.reduce((a, b) => a + b, 0)).toBe(3);
      const log = await adminCall<ListDto<{ Detail: string }>>(t, admin, 'GET', '/api/XfSystemApi/GetAuditLogList?account=定时任务&pagesize=100');
      for (const title of titles)
        expect(
          log.Data.List.filter((e) => e.Detail === `定时发布：${title}`),
          title,
        ).toHaveLength(1);
      // The instance that did not publish shows them too (its caches were told).
      const other = envelope<ListDto<NewsListItemDto>>(await second.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?pid=${menuId}&pagesize=100` }));
      await eventually(async () => {
        const seen = envelope<ListDto<NewsListItemDto>>(
          await second.app.inject({ method: 'GET', url: `/api/XfWebApi/GetNewsList?pid=${menuId}&pagesize=100` }),
        );
        return titles.every((title) => seen.Data.List.some((n) => n.Title === title));
      });
      expect(other.Code).toBe(200);
    } finally {
      await second.close();
    }
  });
});
