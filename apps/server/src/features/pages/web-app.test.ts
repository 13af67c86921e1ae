import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMenuBody } from '@portal/shared';
import { createTestApp, engines, envelope, type TestApp } from '../../../test/harness.js';
import { insertMenu } from '../../../test/fixtures.js';
import { contentChanged } from '../../cache/generations.js';
import { saveMenu } from '../menus/admin-service.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe.each(engines)('serving the web app on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>门户</title></head><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    t = await createTestApp(engine, { webDist, mobileSiteUrl: 'https://m.example.org/' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every page route with index.html, not cached, under the content-security policy', async () => {
    // Unknown menus and articles answer 404 with the same page (features/pages/pages.test.ts).
    const pages = {
      '/home': 200,
      '/searchKey?key=%E4%BF%9D%E9%99%A9': 200,
      '/System/system/role': 200,
      '/login': 200,
      '/no-such-page': 404,
      '/info?MenuId=3&NewsId=7': 404,
    };
    for (const [url, status] of Object.entries(pages)) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('keeps a drawn page until the content changes, and answers 304 to its ETag', async () => {
    const { database } = t.app.services;
    const menuId = await insertMenu(database.db, { name: '行业资讯' });
    const page = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/menuList?MenuId=${menuId}`, headers: { 'user-agent': DESKTOP, ...headers } });
    const first = await page();
    expect(first.body).toContain('行业资讯');
    const etag = String(first.headers.etag);
    // Renamed behind the services' back: the kept page is still served, revalidated with 304.
    await database.db.updateTable('menus').set({ name: '直接改名' }).where('id', '=', menuId).execute();
    expect((await page()).body).toContain('行业资讯');
    const revalidated = await page({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    // A phone still goes to the mobile site, cached page or not.
    expect((await page({ 'user-agent': IPHONE })).statusCode).toBe(302);
    // Saved through the back office's service: the next request draws the page anew.
    await saveMenu(database, saveMenuBody.parse({ MenuId: menuId, Name: '行业动态' }), Date.now());
    const fresh = await page({ 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('行业动态');
  });

  it('serves hashed assets with long caching; a script carries nosniff and HSTS, not the document policies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(res.headers[documentOnly], documentOnly).toBeUndefined();
    }
  });

  it('never answers an unknown call or file with the app', async () => {
    const call = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/NoSuchCall', headers: { accept: 'text/html' } });
    expect(call.statusCode).toBe(404);
    expect(envelope(call)).toEqual({ Code: 404, Message: '访问资源不存在', Data: null });
    const file = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });

  it('sends phones to the mobile site, but not from the back office', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home', headers: { 'user-agent': IPHONE } });
    expect(page.statusCode).toBe(302);
    // The same page there: a shared article opens as itself (docs/api.md, mobileAddress).
    expect(page.headers.location).toBe('https://m.example.org/home');
    for (const url of ['/login', '/System/home']) {
      const admin = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': IPHONE } });
      expect(admin.statusCode, url).toBe(200);
    }
  });

  it('serves uploads with their type, nosniff and a sandboxing policy', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const stored = await t.app.services.storage.saveBuffer(png, 'png');
    const res = await t.app.inject({ method: 'GET', url: stored });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a drawn page as its compressed copy alone, and answers every encoding with the same page', async () => {
    const name = '会员风采';
    const menuId = await insertMenu(t.app.services.database.db, { name });
    // Written behind the services' back: the kept menus are told.
    contentChanged(t.app.services.database, 'menus');
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/menuList?MenuId=${menuId}`,
        headers: { 'user-agent': DESKTOP, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const before = t.app.responseCache.bytes;
    const drawn = await ask('br');
    expect(drawn.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(drawn.rawPayload);
    expect(page.toString()).toContain(name);
    // Large enough to be compressed at all (head tags, share card, structured data).
    expect(page.length).toBeGreaterThan(1024);
    // Kept: the brotli copy and the bookkeeping, not the page's own bytes.
    const kept = t.app.responseCache.bytes - before;
    expect(kept).toBeGreaterThan(drawn.rawPayload.length);
    expect(kept).toBeLessThan(page.length);
    const again = await ask('br');
    expect(again.rawPayload.equals(drawn.rawPayload)).toBe(true);
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(page)).toBe(true);
    const gzipped = await ask('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).equals(page)).toBe(true);
    for (const res of [again, plain, gzipped]) expect(res.headers.etag).toBe(drawn.headers.etag);
  });

  // Last: these calls fill the menu caches, which the fixtures above write around.
  it('gives API answers the short security headers, cached or not, and documents the full set', async () => {
    const call = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP, 'accept-encoding': 'br' } });
    // The second call of a public read is answered from the response cache, written straight to the socket.
    for (const res of [
      await call('/api/XfWebApi/GetMenuList'),
      await call('/api/XfWebApi/GetMenuList'),
      await call('/api/XfWebApi/GetNewsDetail?newsid=999999'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
    }
    for (const url of ['/home', '/api/docs/static/index.html']) {
      const res = await call(url);
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('writes a cached answer whole: status, tag, type, encoding and length', async () => {
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetMenuList?parentid=-1', headers: { 'user-agent': DESKTOP, ...headers } });
    const fresh = await call({});
    const again = await call({});
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(fresh.body);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(again.headers.etag).toBe(fresh.headers.etag);
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.body));
    const revalidated = await call({ 'if-none-match': String(fresh.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(fresh.headers.etag);
  });
});
