import { sql, type Kysely } from 'kysely';
import { Code, contentMessages } from '@portal/shared';
import type { Config, UploadQuota } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { AppError } from '../../http/envelope.js';
import type { UploadOwner } from './records.js';

/**
 * Hourly upload quotas (config.uploadQuotas): how many files and how many bytes a member, and a
 * client address, may store in an hour. Without them a member could store about a gigabyte a
 * minute (contribution images of 900 KB, forty every two seconds) until the sweep removes what
 * nothing names, a day later. A member's upload counts against the member and the address; a
 * visitor's (an application paper) against the address. Back-office uploads count against
 * neither: staff accounts are few, each given by an administrator, their uploads are recorded
 * with their account, and their work (videos up to 300 MB, the pictures of a whole issue) would
 * meet any quota fit for a member.
 *
 * Counted in the database on every engine and instance, in rate_limit_counters (fixed windows of
 * an hour from a subject's first upload, as the rate limits count). An upload takes its share
 * before a byte of it is read: one file, and the request's length in bytes, since the file's own
 * size is known only once it is stored. Each counter moves by a conditional upsert that passes
 * only while the total stays within the quota, all of an upload's counters in one transaction:
 * parallel uploads take turns on each counter's row, and none can pass a quota another has just
 * filled. Once the file is stored, the share is corrected to its size; an upload that is not
 * stored (refused, broken off, the storage full) gives back everything it took.
 */

const WINDOW_MS = 60 * 60_000;
/** Bytes are counted in KiB: the counter is a 32-bit integer, which bytes would overflow past 2 GiB. */
const KIB = 1024;
/** Keeps the counters apart from the rate limits' in the same table. */
const KEY_PREFIX = 'upload-quota:';

interface Counter {
  key: string;
  /** Files, or KiB of bytes. */
  unit: 'files' | 'kib';
  amount: number;
  max: number;
  /** Said when this counter refuses an upload. */
  refusal: string;
}

/** A counter an upload has added to, in the window that ends at `resetsAt`. */
interface Taken extends Counter {
  resetsAt: number;
}

/** What an upload took of its quotas, until it is stored or not. */
export interface UploadReservation {
  /** The upload is stored, `size` bytes: what its estimate took beyond that is given back. */
  settle(size: number): Promise<void>;
  /** The upload was not stored: everything it took is given back. */
  release(): Promise<void>;
}

const kibOf = (bytes: number) => Math.ceil(bytes / KIB);

/**
 * Takes one file and `estimate` bytes of the quotas of `owner` and `address`, or refuses the
 * upload with Code 429: 上传过于频繁 when a file count is spent, 上传总量已达上限 when bytes are.
 */
export async function reserveUpload({ database, config, now }: Services, owner: UploadOwner, address: string, estimate: number): Promise<UploadReservation> {
  const counters = countersOf(config.uploadQuotas, owner, address, estimate);
  if (counters.length === 0) return { settle: async () => undefined, release: async () => undefined };
  const at = now();
  const taken = await database.db.transaction().execute(async (trx) => {
    const added: Taken[] = [];
    for (const counter of counters) {
      const resetsAt = await add(trx, counter, at);
      // Thrown inside the transaction: what the upload's other counters took is rolled back.
      if (resetsAt === undefined) throw new AppError(Code.TooMany, counter.refusal);
      added.push({ ...counter, resetsAt });
    }
    return added;
  });
  return {
    settle: (size) =>
      giveBack(
        database.db,
        taken.map((counter) => ({ ...counter, amount: counter.unit === 'kib' ? counter.amount - kibOf(size) : 0 })),
      ),
    release: () => giveBack(database.db, taken),
  };
}

function countersOf(quotas: Config['uploadQuotas'], owner: UploadOwner, address: string, estimate: number): Counter[] {
  if (owner.startsWith('admin:')) return [];
  const subjects: [string, UploadQuota][] = [[`address:${address}`, quotas.address]];
  if (owner.startsWith('member:')) subjects.unshift([owner, quotas.member]);
  const counter = (unit: Counter['unit'], subject: string, amount: number, max: number, refusal: string): Counter[] =>
    max > 0 ? [{ key: `${KEY_PREFIX}${unit}:${subject}`, unit, amount, max, refusal }] : [];
  return subjects.flatMap(([subject, quota]) => [
    ...counter('files', subject, 1, quota.files, contentMessages.uploadTooFrequent),
    ...counter('kib', subject, kibOf(estimate), Math.floor(quota.bytes / KIB), contentMessages.uploadQuotaReached),
  ]);
}

/**
 * Adds the counter's amount unless that takes it past its max within the current window (a
 * window that has ended starts again from the amount). One statement: on PostgreSQL the upsert
 * locks the row and re-reads it after a racing upload commits; SQLite has one writer. Answers the
 * window's end, or undefined when the quota refuses.
 */
async function add(db: Kysely<DB>, counter: Counter, now: number): Promise<number | undefined> {
  if (counter.amount > counter.max) return undefined;
  const ended = sql<boolean>`rate_limit_counters.resets_at <= ${now}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: counter.key, hits: counter.amount, resets_at: now + WINDOW_MS })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql<number>`CASE WHEN ${ended} THEN ${counter.amount} ELSE rate_limit_counters.hits + ${counter.amount} END`,
          resets_at: sql<number>`CASE WHEN ${ended} THEN ${now + WINDOW_MS} ELSE rate_limit_counters.resets_at END`,
        })
        .where(sql<boolean>`${ended} OR rate_limit_counters.hits + ${counter.amount} <= ${counter.max}`),
    )
    .returning('resets_at')
    .executeTakeFirst();
  return row?.resets_at;
}

/** Takes the amounts off their counters again, where the window they were added in still runs. */
async function giveBack(db: Kysely<DB>, counters: readonly Taken[]): Promise<void> {
  for (const { key, amount, resetsAt } of counters) {
    if (amount <= 0) continue;
    await db
      .updateTable('rate_limit_counters')
      .set({ hits: sql<number>`hits - ${amount}` })
      .where('key', '=', key)
      .where('resets_at', '=', resetsAt)
      .execute();
  }
}

/** Deletes the counters of windows that have ended (the upload sweep's hourly round). */
export async function forgetEndedQuotas(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', 'like', `${KEY_PREFIX}%`).where('resets_at', '<=', now).execute();
}
