import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, enginesFor, type TestApp } from '../../test/harness.js';
import { runServerToEnd } from '../../test/processes.js';

/**
 * Absolute links (canonical, sitemap, robots.txt, certificate QR codes, signed credentials)
 * never come from a Host header someone made up: production names its address, and without
 * one nothing built from the request's Host is kept for anyone else.
 */

const BASE = 'https://www.example.org.cn';
const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];

describe('PUBLIC_BASE_URL', () => {
  it('is required when NODE_ENV=production, and must be an http(s) address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('PUBLIC_BASE_URL must be set when NODE_ENV=production');
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: '  ' })).toThrow('PUBLIC_BASE_URL must be set');
    for (const bad of ['www.example.org.cn', 'javascript:alert(1)', 'https://www.example.org.cn/?x=1', 'ftp://example.org']) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).toThrow('PUBLIC_BASE_URL must be http://… or https://…');
    }
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: `${BASE}/` }).publicBaseUrl).toBe(BASE);
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
    // The operator CLI builds no link: production runs it without one.
    expect(loadConfig({ NODE_ENV: 'production' }, { buildsLinks: false }).publicBaseUrl).toBeUndefined();
  });

  it('stops a production start without it, saying so in one line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-base-'));
    try {
      const run = await runServerToEnd({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^启动失败: PUBLIC_BASE_URL must be set when NODE_ENV=production/)]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(enginesFor('neutral'))('links under a made-up Host on %s', (engine) => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  let configured: TestApp;
  let unset: TestApp;
  const get = (t: TestApp, url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  beforeAll(async () => {
    configured = await createTestApp(engine, { webDist, publicBaseUrl: BASE });
    unset = await createTestApp(engine, { webDist });
  });
  afterAll(async () => {
    await configured.close();
    await unset.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('uses the configured address whatever the Host says', async () => {
    const page = await get(configured, '/home', 'evil.example');
    expect(canonical(page.body)).toBe(`${BASE}/home`);
    expect(page.body).not.toContain('evil.example');
    expect((await get(configured, '/robots.txt', 'evil.example')).body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect((await get(configured, '/sitemap.xml', 'evil.example')).body).not.toContain('evil.example');
  });

  it('without it, keeps nothing built from a Host other than this machine’s', async () => {
    const local = await get(unset, '/home', '127.0.0.1:3000');
    expect(local.headers.etag).toBeDefined();
    expect(local.headers['cache-control']).toBe('no-cache');

    for (let i = 0; i < 2; i++) {
      const made = await get(unset, '/home', 'evil.example');
      expect(canonical(made.body)).toBe('http://evil.example/home');
      // Not kept (no ETag, never a hit) and no one else may keep it.
      expect(made.headers.etag).toBeUndefined();
      expect(made.headers['cache-control']).toBe('no-store');
    }
    for (const crawl of ['/robots.txt', '/sitemap.xml']) {
      expect((await get(unset, crawl, 'evil.example')).headers['cache-control'], crawl).toBe('no-store');
      expect((await get(unset, crawl, 'localhost:3000')).headers['cache-control'], crawl).toBe('public, max-age=3600');
    }
    // This machine's page was not pushed out or changed by the made-up ones.
    const again = await get(unset, '/home', '127.0.0.1:3000');
    expect(again.headers.etag).toBe(local.headers.etag);
    expect(canonical(again.body)).toBe('http://127.0.0.1:3000/home');
  });
});
