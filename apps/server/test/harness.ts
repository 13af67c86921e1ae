import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Engine } from '../src/db/connection.js';
import type { App } from '../src/http/app-types.js';
import { testSchemaName } from './schemas.js';

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

/** A fresh, migrated, empty database and app: a temp SQLite file or a new PostgreSQL schema. */
export async function createTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'now' | 'backgroundJobs'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const schema = engine === 'postgres' ? testSchemaName() : undefined;
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    databaseSchema: schema,
    logLevel: 'silent',
    seedDemo: false,
    // Tests play several clients by sending X-Forwarded-For, as one reverse proxy in front would.
    trustProxy: 1,
    ...overrides,
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
      // The PostgreSQL schema stays until the run ends (test/global-setup.ts drops the run's schemas).
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
