import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type SqliteDatabase,
} from 'kysely';
import { registerBigramFunction } from './bigrams.js';
import { chainKeyLoader } from './chain-key.js';
import { idNumberKeyRing } from './id-number-keys.js';
import { IdNumberSeal, type IdNumberCipher } from './sealed-id-numbers.js';
import type { DB } from './schema.js';
import { withNamedStatements } from './named-statements.js';
import { offLoopReads, type OffLoopReads } from './off-loop-reads.js';
import { OwnSchemaPostgresDialect } from './own-schema.js';

export type Engine = 'sqlite' | 'postgres';
/** AUDIT_CHAIN_HASH: the HMAC of the logs' chain links (features/system/audit/chain.ts). */
export type ChainHash = 'sha256' | 'sm3';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** SQLite only: reads that take milliseconds (keyword searches), run off the event loop (off-loop-reads.ts). */
  offLoopReads?: OffLoopReads;
  /** The key of the audit and sign-in logs' hash chains, kept outside the database (chain-key.ts). */
  chainKey(): Buffer;
  /** The HMAC new links are made with; each link says its own when checked. */
  chainHash: ChainHash;
  /** Seals and opens ID numbers, with keys kept outside the database (sealed-id-numbers.ts). */
  idNumbers: IdNumberSeal;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back from pg as int8 strings; every count we make fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema, created when missing and put first on the search path. */
  databaseSchema?: string;
  /** AUDIT_CHAIN_KEY; the data folder's key file when absent. */
  auditChainKey?: Buffer;
  /** AUDIT_CHAIN_HASH; HMAC-SHA-256 when absent. */
  auditChainHash?: ChainHash;
  /** ID_NUMBER_KEYS; the data folder's key file when absent. */
  idNumberKeys?: Buffer[];
  /** ID_NUMBER_CIPHER; AES-256-GCM when absent. */
  idNumberCipher?: IdNumberCipher;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  const chainKey = chainKeyLoader(opts);
  const idNumbers = new IdNumberSeal(idNumberKeyRing(opts), opts.idNumberCipher);
  const chainHash = opts.auditChainHash ?? 'sha256';
  if (opts.databaseUrl) return { ...(await connectPostgres(opts.databaseUrl, opts.databaseSchema)), chainKey, chainHash, idNumbers };
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const filePath = path.join(opts.dataDir, 'portal.db');
  const file = new SQLite(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  registerBigramFunction(file);
  const statistics = keepStatistics(file);
  const db = new Kysely<DB>({ dialect: new WriteFirstSqliteDialect({ database: withStatementCache(file) }) });
  const reads = offLoopReads(filePath);
  return {
    db,
    engine: 'sqlite',
    offLoopReads: reads,
    chainKey,
    chainHash,
    idNumbers,
    close: async () => {
      clearInterval(statistics);
      await reads.close();
      await db.destroy();
    },
  };
}

/**
 * Transactions that take SQLite's write lock when they begin (BEGIN IMMEDIATE) instead of at
 * their first write. With several worker processes on one file (WEB_CONCURRENCY, the default),
 * a deferred transaction that has read and then writes cannot wait for the lock: SQLite answers
 * SQLITE_BUSY at once (its busy handler is not called for a read lock that must grow, and the
 * snapshot it read may be stale), and the request failed with 系统未知错误. Taken up front, the
 * lock is waited for (busy_timeout) like any other, and transactions of different processes
 * simply take turns. Reads outside transactions are unaffected (WAL lets them run meanwhile).
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WriteFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly options: SqliteDialectConfig) {
    super(options);
  }

  override createDriver(): Driver {
    return new WriteFirstSqliteDriver(this.options);
  }
}

/** How often a running server refreshes SQLite's table statistics (imports and the seed grow tables fast). */
const STATISTICS_EVERY_MS = 60 * 60_000;

/**
 * SQLite plans joins from table statistics (ANALYZE). Without them it guessed that a seat's
 * dozen placements were best found by walking every published article of the menus: 60 ms a
 * call at 100,000 articles instead of 0.2 ms. `PRAGMA optimize` gathers them where a table
 * changed enough, bounded by analysis_limit (a sample per index), as SQLite's documentation
 * advises for long-lived connections: at open (0x10002 also looks at tables this connection has
 * not used yet) and then periodically.
 */
function keepStatistics(file: SQLite.Database): NodeJS.Timeout {
  file.pragma('analysis_limit = 400');
  file.pragma('optimize = 0x10002');
  const timer = setInterval(() => file.pragma('optimize'), STATISTICS_EVERY_MS);
  timer.unref();
  return timer;
}

/** Prepared statements kept per SQL text; beyond this many the least recently used goes. */
const STATEMENTS_KEPT = 500;

/**
 * better-sqlite3 with its prepared statements kept: Kysely prepares every query it runs, and
 * preparing (parsing and planning the SQL) was a fifth of a public read's time. The same SQL
 * text gets the same statement again. A statement still being iterated (busy) is not handed
 * out twice: that query gets a statement of its own.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept?.busy) return file.prepare(sql);
      // Deleting and setting again moves it to the end: the first key is the least recently used.
      if (kept) statements.delete(sql);
      const statement = kept ?? file.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

async function connectPostgres(url: string, schema?: string): Promise<Omit<Database, 'chainKey' | 'chainHash' | 'idNumbers'>> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle connection the server drops (a restart, a failover) is reported here; without a
  // listener the error would end the process. The pool replaces it on the next query, and
  // /readyz answers 503 while no connection can be made.
  // A connection lost while checked out fails its query; its own 'error' event needs a listener too.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool: withNamedStatements(pool) }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
