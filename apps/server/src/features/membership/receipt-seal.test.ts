import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { SEAL_INK, sealMarkup } from '../certificates/seal.js';

/** The dues receipt's 财务专用章: the certificates' seal with another caption, for the back office only. */
describe.each(enginesFor('neutral'))('the receipt seal on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const fetchSeal = (token?: string) => t.app.inject({ method: 'GET', url: '/api/XfSysBussiness/GetReceiptSeal', headers: token ? { token } : {} });

  it('answers the seal as a red SVG image, private and not kept', async () => {
    const res = await fetchSeal(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="240" height="240"/);
    // Text is drawn as paths: the browser needs no Chinese font to show it.
    expect(res.body).not.toMatch(/<text\b/);
    expect(res.body).toContain(`stroke="${SEAL_INK}"`);
    expect(res.body).toMatch(/<path\b/);
  });

  it('bears 财务专用章 under the star; certificates keep 证书专用章', async () => {
    const receipt = (await fetchSeal(admin)).body;
    const name = t.app.services.config.site.name;
    expect(receipt).toContain(sealMarkup(name, 120, 120, 116, '财务专用章'));
    expect(sealMarkup(name, 120, 120, 116)).toBe(sealMarkup(name, 120, 120, 116, '证书专用章'));
    expect(sealMarkup(name, 120, 120, 116)).not.toBe(sealMarkup(name, 120, 120, 116, '财务专用章'));
  });

  it('is refused without a session (402) and to a role without 会费记录 (403)', async () => {
    expect(envelope(await fetchSeal())).toMatchObject({ Code: 402 });
    await createAdmin(t, admin, 'editor1', '内容编辑');
    const editor = await loginAdmin(t, 'editor1');
    expect(envelope(await fetchSeal(editor))).toMatchObject({ Code: 403 });
  });
});
