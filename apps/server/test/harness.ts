import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Engine } from '../src/db/connection.js';
import type { App } from '../src/http/app-types.js';
import { copyPostgresTemplate, copySqliteTemplate, databaseUrl, TEMPLATE_SCHEMA } from './templates.js';

/**
 * API tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 * Use: `describe.each(engines)('… on %s', (engine) => { const t = useTestApp(engine); … })`.
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

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
