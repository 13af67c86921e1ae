import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Database } from '../db/connection.js';
import { OutageLog } from '../ops/outage-log.js';

/**
 * The database away: PostgreSQL not answering (restarted, failed over, the network between
 * cut) or SQLite's file unusable (an I/O error, a read-only or full disk). A request that meets
 * it is answered HTTP 503 with Retry-After and 系统维护中，请稍后再试 (http/errors.ts), writes as
 * reads, instead of Code 500 系统未知错误: nothing is wrong with what the user did, and the same
 * request will pass once the database is back.
 */

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/** The answer's status and headers while the database is away: 503, come back in RETRY_AFTER_SECONDS, kept by no cache. */
export const answeringUnavailable = (reply: FastifyReply): FastifyReply =>
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');

/**
 * The database away as seen from above a call that answered 503: a page drawn with in-process
 * calls (features/pages/render.ts) learns of the outage from their answers alone.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';

  constructor() {
    super('the database is unavailable');
    this.name = 'DatabaseUnavailableError';
  }
}

/** How often, during an outage, the database is asked whether it is back. */
const PROBE_EVERY_MS = 2000;

/** Node's and pg's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is not taking work: shutting down, starting, out of connections. */
const POSTGRES_AWAY = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own words for a connection lost or never made (these errors carry no code). */
const POSTGRES_LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;
/** better-sqlite3's codes for a file that cannot be read or written (SQLITE_IOERR_* included). */
const SQLITE_AWAY = /^SQLITE_(IOERR|CANTOPEN|READONLY|FULL)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || POSTGRES_AWAY.has(code) || code.startsWith('08') || SQLITE_AWAY.test(code)) return true;
  }
  return typeof message === 'string' && POSTGRES_LOST.test(message);
}

/**
 * Says a database outage once, not once per request, and once more when the database answers
 * again (ops/outage-log.ts). Tests probe more often than a site (`probeEveryMs`).
 */
export class OutageReporter extends OutageLog {
  constructor(database: Database, log: FastifyBaseLogger, now: () => number, probeEveryMs = PROBE_EVERY_MS) {
    super(
      {
        began: 'database unavailable: answering 503 until it is back',
        ended: 'database available again',
        probe: () => probe(database),
        stillAway: isDatabaseUnavailable,
        probeEveryMs,
      },
      log,
      now,
    );
  }
}

/**
 * Whether the database takes work again. SQLite's file may be readable and still not writable
 * (a read-only or full disk), so there the probe writes: the header's user_version, set to what
 * it is (no migration uses it).
 */
async function probe({ db, engine }: Database): Promise<void> {
  if (engine === 'postgres') {
    await sql`select 1`.execute(db);
    return;
  }
  const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
  await sql.raw(`pragma user_version = ${Number(rows[0]?.user_version ?? 0)}`).execute(db);
}
