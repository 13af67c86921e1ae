import type { FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';

/**
 * Where the rate limits (sign-in, captcha, member login, applications…) count requests. Behind a
 * load balancer every instance must add to the same counters, or N instances allow N times the
 * limit: in Redis when REDIS_URL is set, otherwise in the database (table rate_limit_counters):
 * always on PostgreSQL, and on SQLite when this process is one of several cluster workers
 * (main.ts, WEB_CONCURRENCY). A single SQLite process counts in memory, the plugin's default
 * (docs/decisions.md: the database store costs a write per limited request).
 */
export interface RateLimitCounters {
  /** Options for one registration of @fastify/rate-limit; `name` keeps its counters apart from the others'. */
  options(name: string): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'store' | 'skipOnError' | 'keyGenerator'>;
  close(): Promise<void>;
}

/** Every limit counts a client by its address group (http/client-address.ts): an IPv6 visitor's whole /64 is one visitor. */
const byAddressGroup = (request: FastifyRequest) => request.addressGroup;

/** `clustered`: other worker processes on this machine serve the same database. */
export async function openRateLimitCounters(config: Config, database: Database, clustered: boolean): Promise<RateLimitCounters> {
  if (config.redisUrl) {
    // Loaded here: a site without REDIS_URL never needs the client (a tenth of a second of each process's start).
    const { Redis } = await import('ioredis');
    // One try per command: a request waits for no reconnection (see skipOnError below).
    const redis = new Redis(config.redisUrl, { keyPrefix: config.redisKeyPrefix, maxRetriesPerRequest: 1 });
    // Reconnection is ioredis's own; without a listener a lost connection would end the process.
    redis.on('error', () => undefined);
    return {
      // Redis unreachable: requests go on uncounted rather than the sign-in going down; the
      // per-account lockouts, kept in the database, still stop password guessing.
      options: (name) => ({ redis, nameSpace: `rate-limit:${name}:`, skipOnError: true, keyGenerator: byAddressGroup }),
      close: async () => void (await redis.quit().catch(() => redis.disconnect())),
    };
  }
  if (database.engine === 'postgres' || clustered) {
    return { options: (name) => ({ store: databaseStore(database, `${name}:`), keyGenerator: byAddressGroup }), close: async () => undefined };
  }
  return { options: () => ({ keyGenerator: byAddressGroup }), close: async () => undefined };
}

/** Expired counters are deleted every this many increments of an instance. */
const SWEEP_EVERY = 1000;

/** A store class for the plugin (it constructs its stores itself), counting in rate_limit_counters. */
function databaseStore(database: Database, prefix: string) {
  let increments = 0;

  class DatabaseCounterStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      increment(`${this.prefix}${key}`, timeWindow ?? 60_000).then((result) => callback(null, result), callback);
    }

    /**
     * A route's own counters (the same scheme as the plugin's Redis store). The plugin passes
     * the route's merged limit options with the route as `routeInfo`, which its types omit.
     */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseCounterStore(`${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }

  /** One statement, so two instances counting at once both count: a new window starts at 1. */
  async function increment(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    if (++increments % SWEEP_EVERY === 0) await database.db.deleteFrom('rate_limit_counters').where('resets_at', '<=', now).execute();
    const row = await database.db
      .insertInto('rate_limit_counters')
      .values({ key, hits: 1, resets_at: now + timeWindow })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN rate_limit_counters.resets_at <= ${now} THEN 1 ELSE rate_limit_counters.hits + 1 END`,
          resets_at: sql<number>`CASE WHEN rate_limit_counters.resets_at <= ${now} THEN ${now + timeWindow} ELSE rate_limit_counters.resets_at END`,
        }),
      )
      .returning(['hits', 'resets_at'])
      .executeTakeFirstOrThrow();
    return { current: row.hits, ttl: row.resets_at - now };
  }

  return class extends DatabaseCounterStore {
    constructor() {
      super(prefix);
    }
  };
}
