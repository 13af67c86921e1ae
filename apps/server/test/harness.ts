import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Engine } from '../src/db/connection.js';
import type { App } from '../src/http/app-types.js';
import { copyPostgresTemplate, copySqliteTemplate, databaseUrl, TEMPLATE_SCHEMA } from './templates.js';

/**
 * The engines a test file runs on: SQLite always, and PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it) for a file whose subject is engine-sensitive.
 *
 * A file is engine-sensitive, and runs on both, when what it checks may behave differently on
 * the two: its subject's code has raw SQL (sql`…`, like.ts's LIKE filters, whose letter case
 * differs) or branches on the engine (`engine === 'postgres'`, compiled.ts's named statements,
 * key-lock.ts, unique-violation.ts, expiring tokens and per-database keys); it runs requests that
 * write side by side (locking and transactions differ); it is about the database itself (db/,
 * migrations, search, outages, several instances, cluster workers, backups) or out-of-range
 * input the database sees; or it walks the documented calls (test/api-walk.ts). That is
 * `engines`, the default.
 *
 * Any other file is engine-neutral, `enginesFor('neutral')`: its subject is HTTP, files, pictures,
 * pages or rules in TypeScript over Kysely's query builder, which writes each engine's SQL.
 * It runs on SQLite only: the contract walk (api-contract.test.ts) calls every documented call on
 * both engines, and the sensitive files cover the shared code they pass through (sign-in,
 * sessions, audit, uploads' quotas, news reads). TEST_ALL_ENGINES=1 runs them on both as well.
 */
export function enginesFor(subject: 'sensitive' | 'neutral'): Engine[] {
  if (!process.env.TEST_DATABASE_URL) return ['sqlite'];
  return subject === 'sensitive' || process.env.TEST_ALL_ENGINES === '1' ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * The engines of an engine-sensitive file (enginesFor).
 * Use: `describe.each(engines)('… on %s', (engine) => { const t = useTestApp(engine); … })`.
 */
export const engines: Engine[] = enginesFor('sensitive');

export interface TestApp {
  app: App;
  config: Config;
  engine: Engine;
  /** Answers of the captchas this app issued, by ticket (the buildApp test seam; see test/admin.ts). */
  captchas: Map<string, string>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated, empty database and app: a temp SQLite file or a new PostgreSQL database,
 * each a copy of the run's migrated template (test/templates.ts).
 */
export async function createTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'now' | 'backgroundJobs'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  if (engine === 'sqlite') copySqliteTemplate(dataDir);
  // A test may reach PostgreSQL another way (a proxy it cuts): its URL then names the copy too.
  const postgresUrl = overrides.databaseUrl ?? process.env.TEST_DATABASE_URL!;
  const database = engine === 'postgres' ? await copyPostgresTemplate(process.env.TEST_DATABASE_URL!) : undefined;
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    seedDemo: false,
    // Tests play several clients by sending X-Forwarded-For, as one reverse proxy in front would.
    trustProxy: 1,
    ...overrides,
    databaseUrl: database ? databaseUrl(postgresUrl, database) : undefined,
    databaseSchema: database ? TEMPLATE_SCHEMA : undefined,
  };
  const captchas = new Map<string, string>();
  const app = await buildApp(config, { ...options, logger: false, captchaIssued: (ticket, answer) => captchas.set(ticket, answer) });
  return {
    app,
    config,
    engine,
    captchas,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The PostgreSQL database stays until the run ends (test/global-setup.ts drops the run's databases).
    },
  };
}

/**
 * A second instance on the first one's database and config, as behind a load balancer, with its
 * own captcha seam and, when given, its own clock.
 */
export async function secondInstance(first: TestApp, options: Pick<BuildOptions, 'now' | 'backgroundJobs'> = {}): Promise<TestApp> {
  const captchas = new Map<string, string>();
  const app = await buildApp(first.config, { ...options, logger: false, captchaIssued: (ticket, answer) => captchas.set(ticket, answer) });
  return { app, config: first.config, engine: first.engine, captchas, close: () => app.close() };
}

/** Parses an injected response's envelope. */
export function envelope<T = unknown>(res: { body: string }): { Code: number; Message: string; Data: T } {
  return JSON.parse(res.body) as { Code: number; Message: string; Data: T };
}
