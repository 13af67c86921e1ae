import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl, imageWidths } from '@portal/shared';
import { createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { applicationForm, memberLogin, seedTypeChoices, submitApplication } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { startS3, type TestS3 } from '../../../test/s3.js';
import { parseStorageUrl } from '../../storage/url.js';
import { IMMUTABLE } from './serve.js';
import { KEEP_MS, sweepUploads } from './sweep.js';
import { imageVariants } from './variants.js';

/** A real banner-shaped picture, wider than the largest web copy. */
const bannerPng = () =>
  sharp({ create: { width: 1600, height: 500, channels: 3, background: '#2f6fb0' } })
    .png()
    .toBuffer();
const drivers = ['local', 's3'] as const;
const engines = enginesFor('neutral');

describe.each(engines.flatMap((engine) => drivers.map((driver) => [engine, driver] as const)))('uploads served on %s from the %s storage', (engine, driver) => {
  const clock = testClock();
  let s3: TestS3 | undefined;
  let t: TestApp;
  let admin: string;
  let picture: string;
  let png: Buffer;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3() : undefined;
    t = await createAdminTestApp(engine, { now: clock.now }, s3 ? { storage: parseStorageUrl(s3.storageUrl('portal')) } : {});
    admin = await loginAdmin(t);
    png = await bannerPng();
    picture = await upload('横幅.png', png, 'image');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  async function upload(filename: string, content: Buffer, kind: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/XfSysBussiness/UploadFile?kind=${kind}`,
      headers: { ...multipartHeaders, token: admin },
      payload: multipartBody({ filename, content }),
    });
    const body = envelope<string>(res);
    expect(body.Code, body.Message).toBe(200);
    return body.Data;
  }
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
  /** Whether the driver's own place holds `stored`: the data folder's file, or the bucket's key. */
  const held = async (stored: string) => (s3 ? (await s3.keys()).includes(`portal${stored}`) : fs.existsSync(path.join(t.config.dataDir, stored)));

  it('serves an uploaded picture from the storage with its bytes, type, tag, security headers and immutable caching', async () => {
    expect(await held(picture)).toBe(true);
    const res = await get(picture);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Date.parse(String(res.headers['last-modified']))).not.toBeNaN();
  });

  it('answers 304 to its tag or date, HEAD without the body, one range with 206 and a range past the end with 416', async () => {
    const { etag, 'last-modified': modified } = (await get(picture)).headers as Record<string, string>;
    const notModified = await get(picture, { 'if-none-match': etag! });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers).toMatchObject({ etag, 'cache-control': IMMUTABLE });
    expect((await get(picture, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(picture, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(picture, { 'if-modified-since': modified! })).statusCode).toBe(304);
    expect((await get(picture, { 'if-modified-since': new Date(Date.parse(modified!) - 1000).toUTCString() })).statusCode).toBe(200);

    const head = await get(picture, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-length': String(png.length), 'content-type': 'image/png', 'cache-control': IMMUTABLE, etag });
    expect(head.rawPayload.length).toBe(0);

    const first = await get(picture, { range: 'bytes=0-7' });
    expect(first.statusCode).toBe(206);
    expect(first.headers).toMatchObject({ 'content-range': `bytes 0-7/${png.length}`, 'content-length': '8' });
    expect(first.rawPayload.equals(png.subarray(0, 8))).toBe(true);
    const last = await get(picture, { range: 'bytes=-12' });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(png.subarray(-12))).toBe(true);
    const rest = await get(picture, { range: `bytes=${png.length - 5}-` });
    expect(rest.headers['content-range']).toBe(`bytes ${png.length - 5}-${png.length - 1}/${png.length}`);
    expect(rest.rawPayload.equals(png.subarray(-5))).toBe(true);

    const past = await get(picture, { range: `bytes=${png.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);
    // A range for another version of the file, or several ranges: the whole file.
    expect((await get(picture, { range: 'bytes=0-7', 'if-range': '"another"' })).statusCode).toBe(200);
    expect((await get(picture, { range: 'bytes=0-7', 'if-range': etag! })).statusCode).toBe(206);
    const several = await get(picture, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(png.length);
  });

  it('makes the web copies in the storage and serves them; a missing copy redirects to its original, uncached', async () => {
    for (const width of imageWidths) {
      const url = imageVariantUrl(picture, width)!;
      expect(await held(url), url).toBe(true);
      const copy = await get(url);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe(IMMUTABLE);
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(width);
    }
    const old = await upload('旧图.png', png, 'image');
    for (const copy of imageVariants(old)) await t.app.services.storage.remove(copy.path);
    const redirect = await get(imageVariantUrl(old, 640)!);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(old);
    expect(redirect.headers['cache-control']).toBe('no-cache');
    expect((await get(imageVariantUrl(old, 640)!, {}, 'HEAD')).statusCode).toBe(302);
  });

  it('sends an attachment under the name it was uploaded with, whole or in part', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]);
    const stored = await upload('会议通知.pdf', pdf, 'file');
    const named = `filename*=UTF-8''${encodeURIComponent('会议通知.pdf')}`;
    const whole = await get(stored);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toContain(named);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await get(stored, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-disposition']).toContain(named);
    expect(part.body).toBe('%PDF');
  });

  it('serves a file an operator put under a name of their own, cached for a week only', async () => {
    const stored = '/uploads/资料/会员名单.txt';
    await t.app.services.storage.put(stored, Buffer.from('一、理事单位\n'));
    const res = await get(encodeURI(stored));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('一、理事单位\n');
    expect(res.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=604800' });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('会员名单.txt'));
  });

  it('answers 404 for what is not there or not a public upload', async () => {
    for (const url of [
      '/uploads/202601/0123456789abcdef0123456789abcdef.png',
      '/uploads/.hidden',
      '/uploads/202601/..%2F..%2Fportal.db',
      picture.replace('/uploads/', '/uploads/x/'),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res), url).toEqual({ Code: 404, Message: '访问资源不存在', Data: null });
    }
  });

  it('keeps an application’s paper private, and hands it to its member', async () => {
    const types = await seedTypeChoices(t);
    const content = Buffer.from('%PDF-1.7\n营业执照');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/XfWebApi/UploadFile',
      headers: { ...multipartHeaders, 'x-forwarded-for': '10.8.8.8' },
      payload: multipartBody({ filename: '营业执照.pdf', content }),
    });
    const paper = envelope<string>(res).Data;
    expect(paper).toMatch(/^\/private\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(await held(paper)).toBe(true);
    expect((await get(paper)).statusCode).toBe(404);
    expect((await get(paper.replace('/private/', '/uploads/'))).statusCode).toBe(404);
    await submitApplication(t, applicationForm(types, 'paper_holder', { FilePath: paper }));
    const token = (await memberLogin(t, 'paper_holder')).Token as string;
    const download = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetApplyFile', headers: { token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('营业执照.pdf'));
  });

  it('sweeps an upload nothing names from the storage, with its web copies', async () => {
    const orphan = await upload('没用上的.png', png, 'image');
    const copies = imageVariants(orphan).map((copy) => copy.path);
    for (const stored of [orphan, ...copies]) expect(await held(stored), stored).toBe(true);
    clock.advance(KEEP_MS + 1000);
    // Everything uploaded here is over a day old now and named by nothing.
    expect(await sweepUploads(t.app.services)).toBeGreaterThanOrEqual(1);
    for (const stored of [orphan, ...copies]) {
      expect(await held(stored), stored).toBe(false);
      expect(await t.app.services.storage.stat(stored)).toBeUndefined();
    }
    expect((await get(orphan)).statusCode).toBe(404);
  });
});
