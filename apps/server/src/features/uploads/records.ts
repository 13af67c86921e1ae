import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { formatCst } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import type { Storage } from '../../storage/storage.js';
import type { UploadKind, UploadRule } from './checks.js';
import { uploadRules } from './checks.js';
import { reserveUpload } from './quotas.js';
import { receiveUpload } from './receive.js';
import { acceptPicture, removeImageVariants } from './variants.js';

/**
 * Every upload is stored under a random name and recorded with the name it came with, who sent
 * it and when: the original name is what a download is saved as, and the record lets the sweep
 * (sweep.ts) remove files nothing refers to.
 */

/** Who sent an upload: 'admin:<id>', 'member:<id>' or 'visitor'. */
export type UploadOwner = `admin:${number}` | `member:${number}` | 'visitor';

/**
 * The name a file came with, fit to show and to send back in Content-Disposition: its last
 * path segment (a browser may send the client's whole path), composed (NFC, as macOS sends
 * names decomposed), without control and format characters (a right-to-left override would
 * show 'cod.exe' as 'exe.doc') or quotes, and at most 120 characters, keeping the extension.
 * It is only ever shown: files are stored under random names.
 */
export function displayName(filename: string): string {
  const base = path.posix
    .basename(filename.replace(/\\/g, '/'))
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, '')
    .trim();
  return /^\.*$/.test(base) ? 'file' : [...base].slice(-120).join('');
}

/** Kinds whose files pages show as pictures: they get web copies (variants.ts). */
const pictureKinds: readonly UploadKind[] = ['image', 'contributionImage'];

/** The request an upload came in: its sender's address and declared length, and its log. */
type UploadRequest = Pick<FastifyRequest, 'addressGroup' | 'headers' | 'log'>;

/**
 * Receives one upload under its kind's rule into `storage` and records it; resolves to the
 * stored path. The sender's hourly quotas (quotas.ts) are taken first, and given back unless the
 * file is stored and recorded. A file kept is always recorded: whatever fails after it is
 * written (a picture refused for its size in pixels, its copies, the record) removes it again.
 */
export async function storeUpload(
  services: Services,
  upload: MultipartFile,
  kind: UploadKind,
  owner: UploadOwner,
  storage: Storage,
  request: UploadRequest,
): Promise<string> {
  const rule = uploadRules[kind];
  const quota = await reserveUpload(services, owner, request.addressGroup, declaredSize(request, rule)).catch((error: unknown) => {
    // Refused before a byte of the file is read: the rest of the body is drained unread.
    upload.file.resume();
    throw error;
  });
  let stored: { path: string; size: number };
  try {
    stored = await receiveUpload(upload, rule, storage);
    await recordUpload(services, storage, stored, { filename: upload.filename, kind, owner, request });
  } catch (error) {
    // Not given back only if the database is away too; the sender then loses that much of the hour.
    await quota.release().catch(() => undefined);
    throw error;
  }
  await quota.settle(stored.size);
  return stored.path;
}

/** The upload's size as far as the request tells before it is read: its length, within the kind's limit. */
function declaredSize(request: UploadRequest, rule: UploadRule): number {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length > 0 ? Math.min(length, rule.maxBytes) : rule.maxBytes;
}

/**
 * Checks a stored picture and makes its copies (variants.ts), then writes the upload's record.
 * If any of it fails, the file and its copies go again: no file is kept without its record.
 */
async function recordUpload(
  { database, now }: Services,
  storage: Storage,
  stored: { path: string; size: number },
  { filename, kind, owner, request }: { filename: string; kind: UploadKind; owner: UploadOwner; request: UploadRequest },
): Promise<void> {
  try {
    // Made before answering: the page that shows the picture next can offer its copies at once.
    if (pictureKinds.includes(kind)) await acceptPicture(storage, stored.path, request.log);
    await database.db
      .insertInto('uploads')
      .values({ path: stored.path, original_name: displayName(filename), size: stored.size, kind, owner, created_at: formatCst(now()) })
      .execute();
  } catch (error) {
    await storage.remove(stored.path).catch(() => undefined);
    await removeImageVariants(storage, stored.path);
    throw error;
  }
}

/** The recorded original name of a stored path; the stored name for files from before records were kept. */
export async function originalName({ db }: Services['database'], stored: string): Promise<string> {
  const row = await db.selectFrom('uploads').select('original_name').where('path', '=', stored).executeTakeFirst();
  return row?.original_name ?? path.basename(stored);
}
