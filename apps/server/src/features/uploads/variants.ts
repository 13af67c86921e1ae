import type { FastifyBaseLogger } from 'fastify';
import type Sharp from 'sharp';
import { contentMessages, imageVariantUrl, imageWidths, parseImageVariant } from '@portal/shared';
import type { Storage } from '../../storage/storage.js';
import { StorageUnwritable } from '../../storage/unwritable.js';
import { badRequest } from '../../http/envelope.js';
import type { PageFallback } from '../../http/errors.js';
import { Turns } from '../../ops/turns.js';

/**
 * WebP copies of uploaded pictures at the widths pages ask for (naming and widths:
 * packages/shared images.ts). Made when a picture is uploaded and when the demo pictures are
 * drawn; pages list them in `srcset`. A picture from before copies were made, or one the
 * encoder cannot read, keeps only its original: its copies' addresses redirect there.
 */

/**
 * Pixels (width × height) an uploaded picture may have: a 48-megapixel phone photo passes. A
 * picture is a few kilobytes of compressed data that decodes to width × height × 4 bytes, so a
 * 20000 × 20000 PNG of 50 KB (a pixel flood) would claim 1.6 GB of memory here and as much in
 * every browser that shows it. Uploads over it are refused from the header (acceptPicture).
 */
export const MAX_PICTURE_PIXELS = 50_000_000;
const WEBP_QUALITY = 78;

/**
 * Pictures this process decodes at once (each copy is a decode of the original). A decode holds
 * the bitmap, up to 200 MB at MAX_PICTURE_PIXELS; more uploads than this wait their turn
 * instead of adding their bitmaps to the process's memory together.
 */
export const pictureDecodes = new Turns(2);

/** sharp, loaded at the first picture (Node keeps it once loaded): its native library is a tenth of a second of every process's start otherwise. */
const sharpLoaded = async (): Promise<typeof Sharp> => (await import('sharp')).default;

/**
 * An uploaded picture: refused with 图片尺寸过大 when its header gives more than
 * MAX_PICTURE_PIXELS, before anything decodes it; otherwise its copies are made.
 */
export async function acceptPicture(storage: Storage, stored: string, log: FastifyBaseLogger): Promise<void> {
  const input = await storage.read(stored);
  if (input && (await pixelsOf(input)) > MAX_PICTURE_PIXELS) throw badRequest(contentMessages.imageTooManyPixels(MAX_PICTURE_PIXELS / 10_000));
  await makeImageVariants(storage, stored, log, input);
}

/** Width × height from the picture's header (no pixel is decoded); 0 for what sharp cannot read, which is never decoded either. */
async function pixelsOf(input: Buffer): Promise<number> {
  // Without sharp's own limit, which would refuse to read even the header of a large picture.
  const sharp = await sharpLoaded();
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  return (meta?.width ?? 0) * (meta?.height ?? 0);
}

/** The paths of a stored picture's copies, each with its width (also for removing them with it); [] when it has none. */
export function imageVariants(stored: string): { width: number; path: string }[] {
  return imageWidths.flatMap((width) => {
    const url = imageVariantUrl(stored, width);
    return url ? [{ width, path: url }] : [];
  });
}

/**
 * Writes the copies of `stored` (its content `input`, when already read) beside it, each whole
 * or not at all, so a half-written copy is never served. Never enlarges: a copy wider than the
 * original has the original's width. Answers whether copies were made; a failure is logged and
 * leaves the original alone, except a storage that takes no file, which is thrown on: the
 * upload fails with it (and its outage is logged once, not once per picture).
 */
export async function makeImageVariants(storage: Storage, stored: string, log: FastifyBaseLogger, input?: Buffer): Promise<boolean> {
  const copies = imageVariants(stored);
  if (!storage.owns(stored) || copies.length === 0) return false;
  try {
    const original = input ?? (await storage.read(stored));
    if (!original) throw new Error('the picture is not stored');
    await Promise.all(
      copies.map(async ({ width, path }) => {
        const sharp = await sharpLoaded();
        const copy = await pictureDecodes.run(() =>
          sharp(original, { limitInputPixels: MAX_PICTURE_PIXELS })
            .rotate() // upright by EXIF orientation, which WebP copies do not carry
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toBuffer(),
        );
        await storage.put(path, copy);
      }),
    );
    return true;
  } catch (err) {
    await removeImageVariants(storage, stored);
    if (err instanceof StorageUnwritable) throw err;
    log.warn({ err: { message: (err as Error).message }, stored }, 'no web copies of picture');
    return false;
  }
}

/** Removes the copies of `stored` there are; a storage that refuses leaves them (nothing names them). */
export async function removeImageVariants(storage: Storage, stored: string): Promise<void> {
  await Promise.all(imageVariants(stored).map(({ path }) => storage.remove(path).catch(() => undefined)));
}

const originalExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * Answers a request for a copy that does not exist with a temporary redirect to its original,
 * so pages may list copies for every uploaded picture. Runs where /uploads/ answers 404. The
 * redirect is not to be kept: the copy may be made later, and then it is what pages should get.
 */
export function imageVariantFallback(storage: Storage): PageFallback {
  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const variant = parseImageVariant(request.url.split('?')[0] ?? '');
    if (!variant) return false;
    for (const extension of originalExtensions) {
      const original = `${variant.stem}.${extension}`;
      if (storage.owns(original) && (await storage.stat(original))) {
        void reply.header('Cache-Control', 'no-cache').redirect(original, 302);
        return true;
      }
    }
    return false;
  };
}
