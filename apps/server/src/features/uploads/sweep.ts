import fs from 'node:fs/promises';
import { formatCst } from '@portal/shared';
import type { Services } from '../../http/app-types.js';

/**
 * Removes uploads nothing refers to. An upload younger than a day is always kept (a dialog may
 * still be open, an application still being written). A day on, a recorded upload that no
 * article (cover or body), banner, menu address or member attachment names is deleted, file
 * and record; one that is named is marked adopted and not looked at again, so each sweep reads
 * only the uploads of about a day. Files from before uploads were recorded (the demo pictures)
 * are left alone.
 */
export const KEEP_MS = 24 * 60 * 60_000;
const BATCH = 500;

export async function sweepUploads({ database, storage, privateStorage, now }: Services): Promise<number> {
  const { db } = database;
  const candidates = await db
    .selectFrom('uploads')
    .select(['id', 'path', 'created_at'])
    .where('adopted', '=', 0)
    .where('created_at', '<', formatCst(now() - KEEP_MS))
    .orderBy('created_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (candidates.length === 0) return 0;
  // A record can name an upload only if it was written after the upload was made.
  const since = candidates[0]!.created_at;
  const [articles, banners, menus, members] = await Promise.all([
    db.selectFrom('news').select(['image_url', 'content']).where('updated_at', '>=', since).execute(),
    db.selectFrom('banners').select(['image_url', 'jump_url']).execute(),
    db.selectFrom('menus').select('web_url').where('web_url', '!=', '').execute(),
    db.selectFrom('members').select('file_path').where('file_path', 'in', candidates.map((c) => c.path)).execute(),
  ]);
  const exact = new Set([...articles.map((a) => a.image_url), ...banners.flatMap((b) => [b.image_url, b.jump_url]), ...menus.map((m) => m.web_url), ...members.map((m) => m.file_path)]);
  const inText = (stored: string) => articles.some((a) => a.content.includes(stored)) || [...exact].some((value) => value.endsWith(stored));
  let removed = 0;
  for (const upload of candidates) {
    if (exact.has(upload.path) || inText(upload.path)) {
      await db.updateTable('uploads').set({ adopted: 1 }).where('id', '=', upload.id).execute();
      continue;
    }
    const file = storage.fileOf(upload.path) ?? privateStorage.fileOf(upload.path);
    if (file) await fs.rm(file, { force: true });
    await db.deleteFrom('uploads').where('id', '=', upload.id).execute();
    removed += 1;
  }
  return removed;
}

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/** Sweeps a minute after start and hourly after that, without keeping the process alive. */
export function scheduleUploadSweeps(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => void } {
  const sweep = () =>
    void sweepUploads(services).catch((error: Error) => log.error({ err: { type: error.name, message: error.message } }, 'upload sweep failed'));
  const first = setTimeout(sweep, FIRST_SWEEP_MS).unref();
  const every = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
