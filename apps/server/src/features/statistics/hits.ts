import { compiledInsert } from '../../db/compiled.js';
import type { Database } from '../../db/connection.js';
import { addVisits } from '../visits/service.js';
import { HIT_COLUMNS, hitDay, rowOf, type HitRow } from './rows.js';
import { saltOf } from './salts.js';
import { statisticsSettings } from './settings.js';
import { HUMAN_PAGES_PER_MINUTE } from './visitors.js';

/**
 * Page views are counted in memory and written every few seconds in one statement per few
 * hundred, off the request path: counting must never slow a page (the response cache answers
 * one in well under a millisecond). A hit waits here with the address and user agent it came
 * with; they are turned into the visitor hash, province, device and browser when written, and
 * are not kept. A crash loses at most FLUSH_MS of hits.
 */
const FLUSH_MS = 2000;
/** Hits waiting beyond this are dropped, not kept: a flood must not grow the process without bound. */
const MAX_WAITING = 20_000;
/** After a write fails (a full disk, the database away), counting rests this long; pages go on. */
const PAUSE_MS = 60_000;

const insertHits = compiledInsert('stat_hits', HIT_COLUMNS);

export interface Hit {
  at: number;
  /** Path and query, as asked. */
  path: string;
  referrer: string;
  address: string;
  userAgent: string;
  /** The host of the site itself: a referrer there is 站内. */
  ownHost: string;
  /** The browser asked not to be tracked (DNT or GPC): dropped when written, if the office honours that. */
  doNotTrack: boolean;
}

interface Counting {
  waiting: Hit[];
  timer: NodeJS.Timeout;
  pausedUntil: number;
  flushing?: Promise<void>;
  /** Visitors' pages in the current minute, and the visitors found to be programs today. */
  pace: Map<string, { minute: number; pages: number }>;
  rapid: Set<string>;
  paceDay: string;
  log?: { warn: (obj: object, msg: string) => void };
}

const countingByDatabase = new WeakMap<Database, Counting>();

function countingOf(database: Database): Counting {
  let counting = countingByDatabase.get(database);
  if (!counting) {
    const timer = setInterval(() => void flushHits(database), FLUSH_MS);
    // The timer must not keep a finished process (or a test run) alive.
    timer.unref();
    counting = { waiting: [], timer, pausedUntil: 0, pace: new Map(), rapid: new Set(), paceDay: '' };
    countingByDatabase.set(database, counting);
  }
  return counting;
}

/** Counts one page view; `log` is told once when writing fails and counting rests. */
export function countHit(database: Database, hit: Hit, log?: Counting['log']): void {
  const counting = countingOf(database);
  counting.log ??= log;
  if (Date.now() < counting.pausedUntil || counting.waiting.length >= MAX_WAITING) return;
  counting.waiting.push(hit);
}

/** Writes the hits counted so far; called by the timer, before the dashboard reads, and when the app closes. */
export async function flushHits(database: Database): Promise<void> {
  const counting = countingByDatabase.get(database);
  if (!counting) return;
  // One write at a time: a slow one is not overtaken by the next tick's.
  while (counting.flushing) await counting.flushing;
  if (counting.waiting.length === 0) return;
  const batch = counting.waiting.splice(0);
  counting.flushing = writeHits(database, counting, batch)
    .catch((error: Error & { code?: string }) => {
      counting.pausedUntil = Date.now() + PAUSE_MS;
      counting.log?.warn({ err: { type: error.name, code: error.code, message: error.message } }, `访问统计写入失败，暂停计数 ${PAUSE_MS / 1000} 秒`);
    })
    .finally(() => {
      counting.flushing = undefined;
    });
  await counting.flushing;
}

async function writeHits(database: Database, counting: Counting, batch: Hit[]): Promise<void> {
  // The office's choice is read once a batch: the page's request never waits for it.
  const { honourDoNotTrack } = await statisticsSettings(database.db);
  const salts = new Map<string, string>();
  const rows: HitRow[] = [];
  for (const hit of batch) {
    if (honourDoNotTrack && hit.doNotTrack) continue;
    const day = hitDay(hit.at);
    if (!salts.has(day)) salts.set(day, await saltOf(database.db, day));
    rows.push(rowOf(hit, day, salts.get(day)!, (visitor) => rapid(counting, visitor, day, hit.at)));
  }
  if (rows.length === 0) return;
  await database.db.transaction().execute(async (trx) => {
    await insertHits(trx, rows);
    // The site's 访问量 is these same page views, people's only, written with them.
    await addVisits(trx, peopleViewsPerDay(rows));
  });
}

function peopleViewsPerDay(rows: readonly HitRow[]): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const row of rows) if (!row.bot) perDay.set(row.day, (perDay.get(row.day) ?? 0) + 1);
  return perDay;
}

/** Whether this visitor has asked for more pages in a minute than a person does (HUMAN_PAGES_PER_MINUTE), today. */
function rapid(counting: Counting, visitor: string, day: string, at: number): boolean {
  if (counting.paceDay !== day) {
    counting.pace.clear();
    counting.rapid.clear();
    counting.paceDay = day;
  }
  if (counting.rapid.has(visitor)) return true;
  const minute = Math.floor(at / 60_000);
  const pace = counting.pace.get(visitor);
  if (!pace || pace.minute !== minute) {
    // Only the current minute matters: the others' entries are dropped as the map grows.
    if (counting.pace.size > 50_000) counting.pace.clear();
    counting.pace.set(visitor, { minute, pages: 1 });
    return false;
  }
  pace.pages += 1;
  if (pace.pages <= HUMAN_PAGES_PER_MINUTE) return false;
  counting.rapid.add(visitor);
  return true;
}

/** Stops counting for a database that is closing, after writing what was counted. */
export async function stopHits(database: Database): Promise<void> {
  const counting = countingByDatabase.get(database);
  if (!counting) return;
  clearInterval(counting.timer);
  await flushHits(database);
  countingByDatabase.delete(database);
}
