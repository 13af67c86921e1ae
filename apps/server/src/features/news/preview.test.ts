import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDetailDto, PreviewLinkDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, envelope, secondInstance, type TestApp } from '../../../test/harness.js';
import { roleWith } from '../../../test/review.js';
import { runPublishingClock } from './schedule.js';

const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';
const HOUR = 3_600_000;

describe.each(engines)('article preview links on %s', (engine) => {
  const clock = testClock();
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  let t: TestApp;
  let admin: string;
  let outsider: string;
  /** May read 文章管理's list, not change an article. */
  let reader: string;
  let menuId: number;
  const news: Record<'draft' | 'reviewing' | 'published', number> = { draft: 0, reviewing: 0, published: 0 };

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { webDist });
    admin = await loginAdmin(t);
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '无权限', MenuIds: [] })).Code).toBe(200);
    await createAdmin(t, admin, 'outsider', '无权限');
    outsider = await loginAdmin(t, 'outsider');
    await roleWith(t, admin, '只读文章', ['content:news:list']);
    await createAdmin(t, admin, 'reader', '只读文章');
    reader = await loginAdmin(t, 'reader');
    const db = t.app.services.database.db;
    menuId = await insertMenu(db, { name: '通知公告' });
    news.draft = await insertNews(db, { menuId, title: '草稿：年会筹备方案', content: '<p>筹备方案正文</p>', status: 5 });
    news.reviewing = await insertNews(db, { menuId, title: '审核中的会员通知', content: '<p>待审正文</p>', status: 3, isMemberRead: true });
    news.published = await insertNews(db, { menuId, title: '已发布的通知', content: '<p>公开正文</p>' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const link = async (newsid: number, token = admin, hours?: number) =>
    adminCall<PreviewLinkDto>(t, token, 'GET', `/api/XfSysBussiness/GetNewsPreviewLink?newsid=${newsid}${hours === undefined ? '' : `&hours=${hours}`}`);
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('preview')!;
  const detail = (newsid: number, preview?: string, app = t) =>
    app.app.inject({
      method: 'GET',
      url: `/api/XfWebApi/GetNewsDetail?newsid=${newsid}${preview === undefined ? '' : `&preview=${encodeURIComponent(preview)}`}`,
    });

  it('shows an article that is not public, whole, to whoever holds the link, and keeps it for no one', async () => {
    const made = await link(news.reviewing);
    expect(made.Code, made.Message).toBe(200);
    expect(made.Data.Url).toMatch(new RegExp(`^/info\\?NewsId=${news.reviewing}&preview=${news.reviewing}\\.\\d+\\.[\\w-]{43}$`));
    expect(made.Data.ExpireTime).toBe('2024-06-04 10:00:00');

    const res = await detail(news.reviewing, tokenOf(made.Data.Url));
    expect(envelope<NewsDetailDto>(res).Data).toMatchObject({ Title: '审核中的会员通知', Status: 3, NewContent: '<p>待审正文</p>' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers.etag).toBeUndefined();
    // Without it, the status alone, as before.
    expect(envelope<NewsDetailDto>(await detail(news.reviewing)).Data).toMatchObject({ Title: '', Status: 3, NewContent: '' });
    // A published article's preview counts no view.
    const published = tokenOf((await link(news.published)).Data.Url);
    await detail(news.published, published);
    const { views } = await t.app.services.database.db.selectFrom('news').select('views').where('id', '=', news.published).executeTakeFirstOrThrow();
    expect(views).toBe(0);
  });

  it('refuses a link for another article, an altered one, and one past its time', async () => {
    const invalid = { Code: 400, Message: '预览链接无效或已过期，请向管理员重新获取', Data: null };
    const token = tokenOf((await link(news.draft, admin, 1)).Data.Url);
    const [id, expires, signature] = token.split('.') as [string, string, string];
    expect(envelope(await detail(news.reviewing, token))).toEqual(invalid);
    expect(envelope(await detail(news.draft, `${id}.${Number(expires) + 3600}.${signature}`))).toEqual(invalid);
    const altered = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(envelope(await detail(news.draft, `${id}.${expires}.${altered}`))).toEqual(invalid);
    expect(envelope(await detail(news.draft, 'x'.repeat(50)))).toEqual(invalid);
    expect(envelope<NewsDetailDto>(await detail(news.draft, token)).Data.Title).toBe('草稿：年会筹备方案');
    clock.advance(HOUR);
    expect(envelope(await detail(news.draft, token))).toEqual(invalid);
    admin = await loginAdmin(t);
  });

  it('works on every instance, whichever made it', async () => {
    const other = await secondInstance(t, { now: clock.now, backgroundJobs: false });
    try {
      const token = tokenOf((await link(news.draft)).Data.Url);
      expect(envelope<NewsDetailDto>(await detail(news.draft, token, other)).Data.Title).toBe('草稿：年会筹备方案');
    } finally {
      await other.close();
    }
  });

  it('is made only by staff who may edit articles, for an article that exists, for 1 to 720 hours, and is audited', async () => {
    // Reading the list is not enough: a link hands out the whole text of an unpublished article.
    expect(await link(news.draft, reader)).toMatchObject({ Code: 403, Message: '当前操作没有权限' });
    expect((await link(news.draft, outsider)).Code).toBe(403);
    expect((await link(news.draft, 'not-a-token')).Code).toBe(402);
    expect((await link(999_999)).Message).toBe('文章不存在或已删除');
    for (const hours of [0, 721, 1.5]) expect((await link(news.draft, admin, hours)).Message, String(hours)).toBe('参数错误');
    const log = await adminCall<{ List: { TargetId: string; Detail: string }[] }>(
      t,
      admin,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=content:news:edit&pagesize=100',
    );
    expect(log.Data.List.some((e) => e.TargetId === String(news.draft) && e.Detail.startsWith('生成预览链接，有效至'))).toBe(true);
  });

  const invalid = { Code: 400, Message: '预览链接无效或已过期，请向管理员重新获取', Data: null };
  const opens = async (newsid: number, token: string) => envelope(await detail(newsid, token)).Code === 200;
  const call = (method: 'GET' | 'POST', name: string, body: Record<string, unknown>, token = admin) =>
    adminCall(t, token, method, `/api/XfSysBussiness/${name}`, body);

  /**
   * Each way an article is taken off the site (or out of existence), generated over the calls
   * and the clock that do it: a link made before stops working for good, even when the article
   * comes back; a link made after the take-down works.
   */
  const takeDowns: Record<string, (id: number) => Promise<void>> = {
    下线: async (id) => expect((await call('POST', 'OfflineNews', { NewsId: [id] })).Code).toBe(200),
    停用: async (id) => {
      const saved = await call('POST', 'SaveNews', { NewsId: id, MenuId: menuId, Title: '停用的通知', NewContent: '<p>停用正文</p>', Status: 0 });
      expect(saved.Code, saved.Message).toBe(200);
    },
    定时下线: async (id) => {
      const db = t.app.services.database.db;
      await db.updateTable('news').set({ offline_at: '2024-06-01 09:00:00' }).where('id', '=', id).execute();
      expect(await runPublishingClock(t.app.services)).toBe(1);
      // As an editor would before publishing it again: a take-down time past is refused.
      await db.updateTable('news').set({ offline_at: '' }).where('id', '=', id).execute();
    },
  };
  for (const [how, takeDown] of Object.entries(takeDowns))
    it(`ends with a take-down by ${how}, for good; a link made afterwards works`, async () => {
      const id = await insertNews(t.app.services.database.db, { menuId, title: `将被${how}的通知`, content: '<p>下线前的正文</p>' });
      const before = tokenOf((await link(id)).Data.Url);
      expect(await opens(id, before)).toBe(true);
      await takeDown(id);
      expect(envelope(await detail(id, before))).toEqual(invalid);
      const page = await t.app.inject({ method: 'GET', url: `/info?NewsId=${id}&preview=${before}` });
      expect(page.body).toContain('<title>预览链接无效或已过期，请向管理员重新获取 · ');
      expect(page.body).not.toContain('下线前的正文');

      const after = tokenOf((await link(id)).Data.Url);
      expect(await opens(id, after)).toBe(true);
      // Back in the works and out again: the first link stays dead, the one made while closed ends too.
      expect((await call('POST', 'PublishNews', { NewsId: [id] })).Code).toBe(200);
      expect(await opens(id, before)).toBe(false);
      expect(await opens(id, after)).toBe(true);
      expect((await call('POST', 'OfflineNews', { NewsId: [id] })).Code).toBe(200);
      expect(await opens(id, after)).toBe(false);
    });

  it('ends with the article’s deletion', async () => {
    const id = await insertNews(t.app.services.database.db, { menuId, title: '将被删除的通知', status: 5 });
    const token = tokenOf((await link(id)).Data.Url);
    expect((await call('POST', 'DelNews', { NewsId: [id] })).Code).toBe(200);
    expect(envelope(await detail(id, token))).toEqual(invalid);
    expect((await link(id)).Message).toBe('文章不存在或已删除');
  });

  it('is called back by its editor: every link of the article ends, other articles’ stay, a new one works; audited', async () => {
    const token = tokenOf((await link(news.reviewing)).Data.Url);
    const second = tokenOf((await link(news.reviewing, admin, 1)).Data.Url);
    const elsewhere = tokenOf((await link(news.draft)).Data.Url);

    expect(await call('POST', 'RevokeNewsPreviews', { NewsId: news.reviewing }, reader)).toMatchObject({ Code: 403, Message: '当前操作没有权限' });
    expect((await call('POST', 'RevokeNewsPreviews', { NewsId: news.reviewing }, 'not-a-token')).Code).toBe(402);
    expect(await call('POST', 'RevokeNewsPreviews', { NewsId: 999_999 })).toMatchObject({ Code: 404, Message: '文章不存在或已删除' });
    expect((await call('POST', 'RevokeNewsPreviews', {})).Message).toBe('参数错误');
    expect(await opens(news.reviewing, token)).toBe(true);

    expect(await call('POST', 'RevokeNewsPreviews', { NewsId: news.reviewing })).toEqual({
      Code: 200,
      Message: '已收回该文章的全部预览链接，此前发出的链接均已失效',
      Data: null,
    });
    expect(envelope(await detail(news.reviewing, token))).toEqual(invalid);
    expect(await opens(news.reviewing, second)).toBe(false);
    expect(await opens(news.draft, elsewhere)).toBe(true);
    // Calling back is not editing: the article, its status and its version are as they were.
    expect(
      await t.app.services.database.db.selectFrom('news').select(['status', 'version']).where('id', '=', news.reviewing).executeTakeFirstOrThrow(),
    ).toEqual({
      status: 3,
      version: 1,
    });
    expect(await opens(news.reviewing, tokenOf((await link(news.reviewing)).Data.Url))).toBe(true);

    const log = await adminCall<{ List: { TargetId: string; Detail: string; Result: number }[] }>(
      t,
      admin,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=content:news:edit&pagesize=100',
    );
    expect(log.Data.List.some((e) => e.TargetId === String(news.reviewing) && e.Detail === '收回预览链接：审核中的会员通知')).toBe(true);
  });

  it('opens as a page named by the article, never kept, never indexed', async () => {
    const url = (await link(news.draft)).Data.Url;
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>草稿：年会筹备方案 · ');
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.etag).toBeUndefined();
    }
    const forged = await t.app.inject({ method: 'GET', url: `/info?NewsId=${news.draft}&preview=forged` });
    expect(forged.body).toContain('<title>预览链接无效或已过期，请向管理员重新获取 · ');
    expect(forged.body).not.toContain('年会筹备方案');
  });
});
