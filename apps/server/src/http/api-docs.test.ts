import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

describe('API_DOCS', () => {
  it('defaults to the full reference, and to the public half when NODE_ENV=production', () => {
    expect(loadConfig({}).apiDocs).toBe('full');
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://www.example.org.cn' };
    expect(loadConfig(production).apiDocs).toBe('public');
    expect(loadConfig({ ...production, API_DOCS: 'full' }).apiDocs).toBe('full');
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });
});

describe('the served API reference', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const servedPaths = async (app: TestApp) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    return { status: res.statusCode, paths: res.statusCode === 200 ? Object.keys((JSON.parse(res.body) as { paths: object }).paths) : [] };
  };

  it('lists every call when full', async () => {
    t = await createTestApp('sqlite', { apiDocs: 'full' });
    const { paths } = await servedPaths(t);
    expect(paths).toContain('/api/XfWebApi/GetNewsList');
    expect(paths).toContain('/api/XfSystemApi/SaveAdminUser');
  });

  it('leaves the back office out when public', async () => {
    t = await createTestApp('sqlite', { apiDocs: 'public' });
    const { paths } = await servedPaths(t);
    expect(paths).toContain('/api/XfWebApi/GetNewsList');
    expect(paths.filter((p) => !p.startsWith('/api/XfWebApi/'))).toEqual([]);
  });

  it('serves nothing when off', async () => {
    t = await createTestApp('sqlite', { apiDocs: 'off' });
    expect((await servedPaths(t)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
  });
});
