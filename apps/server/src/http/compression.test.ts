import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, enginesFor, type TestApp } from '../../test/harness.js';
import { COMPRESS_THRESHOLD_BYTES, compressedAnswer } from './compression.js';

describe.each(enginesFor('neutral'))('compressed answers on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('协会'.repeat(2000))});`;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    // A page well above the threshold, as a real one with its head is.
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><title>x</title><!-- ${'x'.repeat(4000)} --></head><body><div id="root"></div></body></html>`,
    );
    const asset = path.join(webDist, 'assets', 'app-1a2b.js');
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    t = await createTestApp(engine, { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli or gzip copy by Accept-Encoding, and plain to others', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses pages and JSON above the threshold on the fly', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docs.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('answers a kept page with the copy compressed when it was drawn, and other encodings from the same page', async () => {
    const url = '/home?latest=1';
    const drawn = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const kept = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(kept.headers.etag).toBe(drawn.headers.etag);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.rawPayload.equals(drawn.rawPayload)).toBe(true);
    const html = zlib.brotliDecompressSync(drawn.rawPayload).toString();
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.body).toBe(html);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetSiteInfo', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ Code: 200 });
  });
});

describe('compressedAnswer', () => {
  it('compresses small answers inline and large ones on the thread pool to the same bytes a reader gets back', async () => {
    for (const size of [2 * 1024, 300 * 1024]) {
      const body = Buffer.from(JSON.stringify({ Data: '工程质量潜在缺陷保险'.repeat(size / 30) }));
      const br = await compressedAnswer(body, 'br');
      const gzip = await compressedAnswer(body, 'gzip');
      expect(br.length).toBeLessThan(body.length / 4);
      expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(body)).toBe(true);
    }
  });
});
