import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { Storage } from '../storage/storage.js';
import type { SmsProvider } from '../sms/provider.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { RateLimitCounters } from './rate-limit-counters.js';

/** The Fastify instance every feature registers on: zod-typed routes plus our decorations. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What buildApp gives every feature: the database, the config and upload storage. */
export interface Services {
  database: Database;
  config: Config;
  storage: Storage;
  /** Files only guarded calls hand out (membership application attachments). */
  privateStorage: Storage;
  /** Where rate limits count: shared by every instance when there are several. */
  rateLimitCounters: RateLimitCounters;
  /** The clock (ms since epoch) that time-dependent rules (sessions, lockouts, captchas) read; tests move it. */
  now: () => number;
  /** The SMS provider SMS_PROVIDER_MODULE installs; none ships with the product (features/sms). */
  sms: SmsProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Public answers kept as bytes (cache/response-cache.ts). */
    responseCache: ResponseCache;
  }
}

/** A feature's routes: registered under a prefix by app.ts. */
export type FeatureRoutes = (app: App) => Promise<void>;
