import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { formatCst } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import type { Storage } from '../../storage/storage.js';
import type { UploadKind } from './checks.js';
import { uploadRules } from './checks.js';
import { receiveUpload } from './receive.js';
import { makeImageVariants } from './variants.js';

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

/** Receives one upload under its kind's rule into `storage` and records it; resolves to the stored path. */
export async function storeUpload(
  { database, now }: Services,
  upload: MultipartFile,
  kind: UploadKind,
  owner: UploadOwner,
  storage: Storage,
  log: FastifyBaseLogger,
): Promise<string> {
  const stored = await receiveUpload(upload, uploadRules[kind], storage);
  // Made before answering: the page that shows the picture next can offer its copies at once.
  if (pictureKinds.includes(kind)) await makeImageVariants(storage, stored.path, log);
  await database.db
    .insertInto('uploads')
    .values({ path: stored.path, original_name: displayName(upload.filename), size: stored.size, kind, owner, created_at: formatCst(now()) })
    .execute();
  return stored.path;
}

/** The recorded original name of a stored path; the stored name for files from before records were kept. */
export async function originalName({ db }: Services['database'], stored: string): Promise<string> {
  const row = await db.selectFrom('uploads').select('original_name').where('path', '=', stored).executeTakeFirst();
  return row?.original_name ?? path.basename(stored);
}
