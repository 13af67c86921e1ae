import fs from 'node:fs/promises';
import path from 'node:path';
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

/** The files of a stored picture's copies (also for removing them with it); [] when it has none. */
export function imageVariantFiles(storage: Storage, stored: string): string[] {
  const file = storage.fileOf(stored);
  if (!file) return [];
  return imageWidths.flatMap((width) => {
    const url = imageVariantUrl(stored, width);
    return url ? [path.join(path.dirname(file), path.posix.basename(url))] : [];
  });
}

/**
 * Writes the copies of `stored` (each through a temporary name, so a half-written copy is never
 * served). Never enlarges: a copy wider than the original has the original's width. Answers
 * whether copies were made; a failure is logged and leaves the original alone.
 */
export async function makeImageVariants(storage: Storage, stored: string, log: FastifyBaseLogger): Promise<boolean> {
  const source = storage.fileOf(stored);
  const targets = imageVariantFiles(storage, stored);
  if (!source || targets.length === 0) return false;
  try {
    const input = await fs.readFile(source);
    await Promise.all(
      imageWidths.map(async (width, i) => {
        const target = targets[i]!;
        const temporary = `${target}.tmp`;
        await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // upright by EXIF orientation, which WebP copies do not carry
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toFile(temporary);
        await fs.rename(temporary, target);
      }),
    );
    return true;
  } catch (err) {
    await Promise.all(targets.flatMap((t) => [t, `${t}.tmp`]).map((f) => fs.rm(f, { force: true })));
    log.warn({ err: { message: (err as Error).message }, stored }, 'no web copies of picture');
    return false;
  }
}

const originalExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * Answers a request for a copy that does not exist with a temporary redirect to its original,
 * so pages may list copies for every uploaded picture. Runs where /uploads/ answers 404.
 */
export function imageVariantFallback(storage: Storage): PageFallback {
  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const variant = parseImageVariant(request.url.split('?')[0] ?? '');
    if (!variant) return false;
    for (const extension of originalExtensions) {
      const original = `${variant.stem}.${extension}`;
      const file = storage.fileOf(original);
      if (file && (await exists(file))) {
        void reply.redirect(original, 302);
        return true;
      }
    }
    return false;
  };
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
