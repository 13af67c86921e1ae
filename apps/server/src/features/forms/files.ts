import type { Kysely } from 'kysely';
import { formMessages } from '@portal/shared';
import { expiringTokens } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';

/**
 * Links to the files answering a form, as the export writes them: GetFormFile?token=…, a
 * token naming the upload's record that works for LINK_DAYS, so a link opens from the
 * spreadsheet without a back-office session and stops working after a while (the files are
 * kept private, outside /uploads/).
 */
export const LINK_DAYS = 30;

const fileTokens = expiringTokens('form-file');

/** Each stored path's link token, for the paths recorded as form files. */
export async function fileLinks(db: Kysely<DB>, paths: readonly string[], now: number): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const uploads = await db.selectFrom('uploads').select(['id', 'path']).where('path', 'in', paths).where('kind', '=', 'formFile').execute();
  const expires = Math.floor(now / 1000) + LINK_DAYS * 86_400;
  const tokens = await Promise.all(uploads.map(async (u) => [u.path, await fileTokens.make(db, { id: u.id, expires }, now)] as const));
  return new Map(tokens);
}

/** The stored path a live token opens. */
export async function fileOfToken(db: Kysely<DB>, token: string, now: number): Promise<string> {
  const claim = await fileTokens.read(db, token, now);
  if (!claim || claim.expires * 1000 <= now) throw notFound(formMessages.fileLinkInvalid);
  const upload = await db.selectFrom('uploads').select('path').where('id', '=', claim.id).where('kind', '=', 'formFile').executeTakeFirst();
  if (!upload) throw notFound(formMessages.fileLinkInvalid);
  return upload.path;
}
