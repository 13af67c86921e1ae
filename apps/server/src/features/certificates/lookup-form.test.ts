import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { idNumber, saveCert } from '../../../test/certificates.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { decodePng } from '../../../test/png.js';
import { lookupLimit } from './lookup.js';

const INDEX_HTML = '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>协会</title></head><body><div id="root"></div></body></html>';
const FORM = 'application/x-www-form-urlencoded';

/**
 * The certificate lookup without JavaScript (POST /certsearch, /certsearch/download): what the
 * server does with the posted form. What the page then shows is drawn by the web app's server
 * build, and checked in a browser without JavaScript (e2e/cert-public.spec.ts).
 */
describe.each(engines)('the certificate lookup posted as a form on %s', (engine) => {
  let t: TestApp;
  let webDist: string;
  let passedId: number;
  let failedId: number;
  const holder = idNumber(41);
  let addresses = 0;
  const fresh = () => `10.88.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  const post = (url: string, fields: Record<string, string | number>, address = fresh(), contentType = FORM) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, 'x-forwarded-for': address },
      payload: contentType === FORM ? new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(fields),
    });
  /** The `_certId` GetCertList answers for the search's first record. */
  const downloadToken = async (search: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetCertList', query: search, headers: { 'x-forwarded-for': fresh() } });
    return res.json<{ Data: { List: { _certId: string }[] } }>().Data.List[0]!._certId;
  };
  const lookupsOf = async (address: string) =>
    (
      await t.app.services.database.db
        .selectFrom('cert_lookups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', address)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    // A web app to draw the page in.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await createAdminTestApp(engine, {}, { webDist });
    const admin = await loginAdmin(t);
    passedId = await saveCert(t, admin, { _name: '周表单', _idNum: holder, _certNum: 'GCFX-FORM-0001' });
    failedId = await saveCert(t, admin, {
      _name: '周表单',
      _idNum: holder,
      _examStatus: 2,
      _examTime: '2024-11-10',
      _certNum: '',
      _issueDate: '',
      View: 'score',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers a search with the lookup page for this visitor alone: not kept, not indexed, counted against the address', async () => {
    const address = fresh();
    const res = await post('/certsearch', { Name: ' 周表单 ', IdNum: holder, CertNum: '' }, address);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex');
    // The ID number is in the request's body, never in an address the page names.
    expect(res.body).not.toContain(holder);
    expect(await lookupsOf(address)).toBe(1);
  });

  it('counts nothing for a form that breaks its rules (no name, or neither number)', async () => {
    const address = fresh();
    for (const fields of [
      { Name: '', IdNum: holder, CertNum: '' },
      { Name: '周表单', IdNum: ' ', CertNum: '' },
    ])
      expect((await post('/certsearch', fields, address)).statusCode).toBe(200);
    expect(await lookupsOf(address)).toBe(0);
  });

  it('shares the budget of GetCertList: past it, the page is drawn and the lookup is not run', async () => {
    const address = fresh();
    for (let i = 0; i < lookupLimit.max; i++) {
      const api = await t.app.inject({
        method: 'GET',
        url: `/api/XfWebApi/GetCertList?Name=${encodeURIComponent('周表单')}&CertNum=NONE-${i}`,
        headers: { 'x-forwarded-for': address },
      });
      expect(api.json<{ Code: number }>().Code).toBe(200);
    }
    const res = await post('/certsearch', { Name: '周表单', IdNum: holder }, address);
    expect(res.statusCode).toBe(200);
    expect(await lookupsOf(address)).toBe(lookupLimit.max);
  });

  it('takes form bodies only, and small ones', async () => {
    expect((await post('/certsearch', { Name: '周表单', IdNum: holder }, fresh(), 'application/json')).statusCode).toBe(415);
    expect((await post('/certsearch', { Name: '周'.repeat(2000), IdNum: holder })).statusCode).toBe(413);
  });

  it('hands over a passed certificate as a PNG named after its holder, by the id its lookup gave or by number with the ID number or name and certificate number', async () => {
    const token = await downloadToken({ Name: '周表单', CertNum: 'GCFX-FORM-0001' });
    const asked = [
      { Name: '周表单', IdNum: '', CertNum: 'GCFX-FORM-0001', CertId: token },
      { Name: '周表单', IdNum: holder, CertNum: '', CertId: passedId },
      { Name: '周表单', IdNum: '', CertNum: 'gcfx-form-0001', CertId: passedId },
    ];
    for (const fields of asked) {
      const res = await post('/certsearch/download', { ...fields, pageindex: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate.png"; filename*=UTF-8''${encodeURIComponent('周表单证书.png')}`);
      expect(decodePng(res.rawPayload).width).toBeGreaterThanOrEqual(1600);
    }
  });

  it('refuses a download without proof or of a failed result with the lookup page, each try counted', async () => {
    const address = fresh();
    const tries = [
      { Name: '周表单', IdNum: idNumber(42), CertNum: '', CertId: passedId },
      { Name: '周表单', IdNum: holder, CertNum: '', CertId: failedId },
      { Name: '周表单', IdNum: '', CertNum: 'GCFX-FORM-0001', CertId: `${passedId}.4102444800.${'A'.repeat(43)}` },
      { Name: '周表单', IdNum: holder, CertNum: '', CertId: 'x' },
    ];
    for (const fields of tries) {
      const res = await post('/certsearch/download', fields, address);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A malformed CertId is refused before the lookup; a forged token is a guess like any.
    expect(await lookupsOf(address)).toBe(3);
  });
});
