import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { imageVariantUrl, imageWidths, parseImageVariant } from '@portal/shared';
import type { Storage } from '../../storage/storage.js';
import type { PageFallback } from '../../http/errors.js';

/**
 * WebP copies of uploaded pictures at the widths pages ask for (naming and widths:
 * packages/shared images.ts). Made when a picture is uploaded and when the demo pictures are
 * drawn; pages list them in `srcset`. A picture from before copies were made, or one the
 * encoder cannot read, keeps only its original: its copies' addresses redirect there.
 */

/** Pixels the encoder decodes at most: a 10 MB upload could otherwise claim gigabytes of memory (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 78;

/** The paths of a stored picture's copies, each with its width (also for removing them with it); [] when it has none. */
export function imageVariants(stored: string): { width: number; path: string }[] {
  return imageWidths.flatMap((width) => {
    const url = imageVariantUrl(stored, width);
    return url ? [{ width, path: url }] : [];
  });
}

/**
 * Writes the copies of `stored` beside it (each whole or not at all, so a half-written copy is
 * never served). Never enlarges: a copy wider than the original has the original's width.
 * Answers whether copies were made; a failure is logged and leaves the original alone.
 */
export async function makeImageVariants(storage: Storage, stored: string, log: FastifyBaseLogger): Promise<boolean> {
  const copies = imageVariants(stored);
  if (!storage.owns(stored) || copies.length === 0) return false;
  try {
    const input = await storage.read(stored);
    if (!input) throw new Error('the picture is not stored');
    await Promise.all(
      copies.map(async ({ width, path }) => {
        const copy = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // upright by EXIF orientation, which WebP copies do not carry
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        await storage.put(path, copy);
      }),
    );
    return true;
  } catch (err) {
    await Promise.all(copies.map(({ path }) => storage.remove(path).catch(() => undefined)));
    log.warn({ err: { message: (err as Error).message }, stored }, 'no web copies of picture');
    return false;
  }
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
