import type { Kysely } from 'kysely';
import { formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import type { UploadKind } from './checks.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { storageOf } from '../../storage/storage.js';
import { articlesNaming, isNamed, placesNaming, type ArticleFilter } from './places.js';
import { forgetEndedQuotas } from './quotas.js';
import { imageVariants } from './variants.js';

/**
 * Removes uploads nothing refers to. An upload younger than a day is always kept (a dialog may
 * still be open, an application still being written). A day on, a recorded upload that no
 * article (cover or body), activity (description or attachment), banner, menu or friendly-link
 * address or member attachment names is deleted, file and record; one that is named is marked
 * adopted and not looked at again, so each sweep reads only the uploads of about a day.
 * Application papers are the exception: only their member can name them, so an adopted paper that no member names any more (a
 * resubmission or the back office replaced it) is deleted too. Files without a record (from
 * before uploads were recorded, and the demo pictures) are left alone.
 */
export const KEEP_MS = 24 * 60 * 60_000;
const BATCH = 500;
/** Dropped papers are few (one per replaced attachment); each becomes two LIKE terms of one query. */
const PAPER_BATCH = 50;
const PAPER: UploadKind = 'memberAttachment';

type Db = Kysely<DB>;
type Upload = { id: number; path: string };

export async function sweepUploads(services: Services): Promise<number> {
  // The hourly quotas' counters of windows that have ended go with each round (quotas.ts).
  await forgetEndedQuotas(services.database.db, services.now());
  const cutoff = formatCst(services.now() - KEEP_MS);
  return (await sweepNewUploads(services, cutoff)) + (await sweepDroppedPapers(services, cutoff));
}

/** Uploads over a day old the sweep has not seen named yet: adopted when named, deleted when not. */
async function sweepNewUploads(services: Services, cutoff: string): Promise<number> {
  const { db } = services.database;
  const candidates = await db
    .selectFrom('uploads')
    .select(['id', 'path', 'created_at'])
    .where('adopted', '=', 0)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (candidates.length === 0) return 0;
  // A record can name an upload only if it was written after the upload was made.
  const since = candidates[0]!.created_at;
  const named = await namedBy(db, candidates, (eb) => eb('updated_at', '>=', since));
  const adopted = candidates.filter((upload) => named(upload.path));
  if (adopted.length > 0)
    await db
      .updateTable('uploads')
      .set({ adopted: 1 })
      .where(
        'id',
        'in',
        adopted.map((u) => u.id),
      )
      .execute();
  return removeUploads(
    services,
    candidates.filter((upload) => !named(upload.path)),
  );
}

/**
 * Adopted application papers no member names any more. A paper is handed out only through its
 * member's guarded calls, so the member records are what can use it: the cheap anti-join finds
 * the dropped ones, and only those are looked for elsewhere, in case someone pasted the path.
 */
async function sweepDroppedPapers(services: Services, cutoff: string): Promise<number> {
  const { db } = services.database;
  const dropped = await db
    .selectFrom('uploads as u')
    .select(['u.id', 'u.path'])
    .where('u.kind', '=', PAPER)
    .where('u.adopted', '=', 1)
    .where('u.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('members as m').select('m.id').whereRef('m.file_path', '=', 'u.path'))))
    .orderBy('u.id')
    .limit(PAPER_BATCH)
    .execute();
  if (dropped.length === 0) return 0;
  const named = await namedBy(db, dropped, articlesNaming(dropped.map((u) => u.path)));
  return removeUploads(
    services,
    dropped.filter((upload) => !named(upload.path)),
  );
}

/** Which of `uploads` some record names (places.ts); `articles` narrows the articles read. */
async function namedBy(db: Db, uploads: readonly Upload[], articles: ArticleFilter): Promise<(stored: string) => boolean> {
  const places = await placesNaming(
    db,
    uploads.map((u) => u.path),
    articles,
  );
  return (stored) => isNamed(places, stored);
}

/** Deletes the files (a picture's web copies with it), then their records; answers how many went. */
export async function removeUploads(
  { database, storage, privateStorage }: Pick<Services, 'database' | 'storage' | 'privateStorage'>,
  uploads: readonly Upload[],
): Promise<number> {
  for (const upload of uploads) {
    await storageOf([storage, privateStorage], upload.path)?.remove(upload.path);
    for (const copy of imageVariants(upload.path)) await storage.remove(copy.path);
  }
  if (uploads.length > 0)
    await database.db
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        uploads.map((u) => u.id),
      )
      .execute();
  return uploads.length;
}

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/** Sweeps a minute after start and hourly after that (ops/periodic-job.ts: one at a time, closing waits). */
export function scheduleUploadSweeps(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('upload sweep', () => sweepUploads(services), { firstMs: FIRST_SWEEP_MS, everyMs: SWEEP_EVERY_MS }, log);
}
