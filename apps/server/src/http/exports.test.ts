import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';

/**
 * The back office's downloads (exports, zips) under fuzzed filters: every answer is either a
 * whole file or an envelope, never HTTP 200 with a file cut off or a connection reset.
 * Generated from the route list, so a download added later is covered too.
 */

interface Download {
  url: string;
  params: string[];
}

/** Odd values a fuzzer sends: beyond int32 and double precision, hex, padded, nested, long. */
const ODD_VALUES = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e400',
  '0x1f4',
  ' 497 ',
  '[[494]]',
  '499e0',
  '%%%_\\',
  'x'.repeat(4000),
];

/** The last record of every zip (xlsx is one): present only in a file written to its end. */
const ZIP_END = 0x06054b50;

function downloads(t: TestApp): Download[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
  return Object.entries(doc.paths)
    .filter(([path]) => /\/(Export\w+|DownCerts)$/.test(path))
    .map(([url, methods]) => ({ url, params: (methods.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) }));
}

describe.each(engines)('downloads under fuzzed filters on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    token = await loginAdmin(t);
  });
  afterAll(() => t.close());

  it('answers every odd value with a whole file or an envelope', async () => {
    const list = downloads(t);
    expect(list.map((d) => d.url)).toEqual(
      expect.arrayContaining(['/api/XfSysBussiness/ExportNewsList', '/api/XfSysBussiness/ExportCerts', '/api/XfSysBussiness/DownCerts']),
    );
    for (const { url, params } of list) {
      expect(params.length, url).toBeGreaterThan(0);
      for (const param of params) {
        for (const value of ODD_VALUES) {
          const call = `${url}?${param}=${encodeURIComponent(value)}`;
          // inject rejects where a real client would see the connection reset.
          const res = await t.app.inject({ method: 'GET', url: call, headers: { token } });
          if (String(res.headers['content-type']).startsWith('application/json')) {
            expect(envelope(res).Message, call).toMatch(/[\u4e00-\u9fa5]/);
          } else {
            expect(res.statusCode, call).toBe(200);
            expect(res.rawPayload.readUInt32LE(res.rawPayload.length - 22), `${call} sent a cut-off file`).toBe(ZIP_END);
          }
        }
      }
    }
  });

  it('answers an address over the 16 KB limit with HTTP 431 and the envelope, in Chinese', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const { url } of downloads(t)) {
      const res = await fetch(`${address}${url}?key=${'中'.repeat(3000)}`, { headers: { token } });
      expect(res.status, url).toBe(431);
      expect(await res.json()).toEqual({ Code: 431, Message: '请求地址或请求头过长', Data: null });
    }
  });
});
