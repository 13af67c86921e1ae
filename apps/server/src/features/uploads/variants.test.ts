import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl, imageWidths } from '@portal/shared';
import { createContentAdminTest, type ContentAdminTest } from '../../../test/content-admin.js';
import { eventually } from '../../../test/eventually.js';
import { enginesFor, envelope } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { pixelFloodPng } from '../../../test/png.js';
import { imageVariants, pictureDecodes } from './variants.js';

/** A real banner-shaped picture, wider than the largest copy. */
const bannerPng = () =>
  sharp({ create: { width: 1600, height: 500, channels: 3, background: '#2f6fb0' } })
    .png()
    .toBuffer();

describe.each(enginesFor('neutral'))('web copies of uploaded pictures on %s', (engine) => {
  let c: ContentAdminTest;
  const upload = async (filename: string, content: Buffer) =>
    envelope<string>(
      await c.t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/UploadFile?kind=image',
        headers: { ...multipartHeaders, token: c.admin },
        payload: multipartBody({ filename, content }),
      }),
    );
  const get = (url: string) => c.t.app.inject({ method: 'GET', url });
  const contribute = async (filename: string, content: Buffer) =>
    envelope<string>(
      await c.t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadContributionImage',
        headers: { ...multipartHeaders, token: c.member },
        payload: multipartBody({ filename, content }),
      }),
    );
  /** Files in the public uploads folder, and upload records. */
  const stored = async () => ({
    files: fs.readdirSync(path.join(c.t.config.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length,
    records: (await c.t.app.services.database.db.selectFrom('uploads').select('id').execute()).length,
  });

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('makes WebP copies of an uploaded banner at each width, never wider than the original', async () => {
    const stored = await upload('banner.png', await bannerPng());
    expect(stored.Code).toBe(200);
    expect(imageSrcSet(stored.Data)).toBe(imageWidths.map((w) => `${imageVariantUrl(stored.Data, w)} ${w}w`).join(', '));
    for (const width of imageWidths) {
      const copy = await get(imageVariantUrl(stored.Data, width)!);
      expect(copy.statusCode, `${width}w`).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      const meta = await sharp(copy.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 1600));
      expect(meta.height).toBe(Math.round((Math.min(width, 1600) * 500) / 1600));
    }
  });

  it('redirects a missing copy to its original: pictures from before copies keep working', async () => {
    const stored = await upload('old.png', await bannerPng());
    for (const copy of imageVariants(stored.Data)) await c.t.app.services.storage.remove(copy.path);
    const copy = await get(imageVariantUrl(stored.Data, imageWidths[1])!);
    expect(copy.statusCode).toBe(302);
    expect(copy.headers.location).toBe(stored.Data);
    expect((await get(stored.Data)).headers['content-type']).toBe('image/png');
  });

  it('keeps the content checks: a file that only looks like a PNG is stored without copies, its copies lead to it', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture')]);
    const stored = await upload('fake.png', fake);
    expect(stored.Code).toBe(200);
    for (const copy of imageVariants(stored.Data)) expect(await c.t.app.services.storage.stat(copy.path)).toBeUndefined();
    expect((await get(imageVariantUrl(stored.Data, imageWidths[0])!)).headers.location).toBe(stored.Data);
    // A refused type is still refused before anything is stored.
    expect((await upload('banner.svg', Buffer.from('<svg/>'))).Code).toBe(400);
  });

  it('answers 404 for a copy of nothing, and for widths that are not made', async () => {
    expect((await get('/uploads/202601/0123456789abcdef0123456789abcdef.w640.webp')).statusCode).toBe(404);
    const stored = await upload('banner.png', await bannerPng());
    expect((await get(stored.Data.replace(/\.png$/, '.w999.webp'))).statusCode).toBe(404);
  });

  it('refuses a pixel flood from its header, before decoding it, and keeps nothing of it', async () => {
    const flood = pixelFloodPng(20_000, 20_000);
    // Small enough for every picture kind's size limit, 1.6 GB once decoded.
    expect(flood.length).toBeLessThan(100_000);
    const before = await stored();
    const refused = { Code: 400, Message: '图片尺寸过大，不得超过5000万像素', Data: null };
    expect(await upload('flood.png', flood)).toEqual(refused);
    expect(await contribute('flood.png', flood)).toEqual(refused);
    // Wider than tall, or a hair over the limit: the product of the two counts.
    expect(await upload('strip.png', pixelFloodPng(100_000, 501))).toEqual(refused);
    expect(await stored()).toEqual(before);
    // At the limit it is a picture like any other.
    expect((await upload('wide.png', pixelFloodPng(100_000, 500))).Code).toBe(200);
  });

  it('decodes no more pictures at once than its turns let: an upload waits for a turn, then makes its copies', async () => {
    // The test takes every turn itself, so the upload's decodes can only queue.
    const turns: (() => void)[] = [];
    const held = Array.from({ length: pictureDecodes.limit }, () => pictureDecodes.run(() => new Promise<void>((resolve) => turns.push(resolve))));
    let answered = false;
    const pending = upload('banner.png', await bannerPng()).finally(() => (answered = true));
    await eventually(() => pictureDecodes.queued > 0);
    expect(pictureDecodes.active).toBe(pictureDecodes.limit);
    expect(answered).toBe(false);
    for (const release of turns) release();
    await Promise.all(held);
    const done = await pending;
    expect(done.Code).toBe(200);
    for (const copy of imageVariants(done.Data)) expect(await c.t.app.services.storage.stat(copy.path), copy.path).toBeDefined();
    expect([pictureDecodes.active, pictureDecodes.queued]).toEqual([0, 0]);
  });
});
