import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { addPublisher, applyContentChange, contentAreas, isContentTag, type ContentTag } from './generations.js';
import { isContentNotice, type ContentNotice } from './cluster-relay.js';

export interface ContentFanout {
  stop(): Promise<void>;
}

/** How long a lost listening connection waits before it tries again. */
const RECONNECT_MS = 1000;

/**
 * Tells the other instances serving the same database what a write here changed (content
 * areas, or things in them: generations.ts), and applies what they tell: Redis pub/sub when
 * REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a connection of its own. On SQLite without Redis the others can only be
 * cluster workers of this machine (`clustered`), told through the primary process; a single
 * process has nothing to tell. Each notice names its sender, which ignores its own. When the
 * listening connection is lost, notices may have been missed: on reconnecting every area
 * changes as a whole, so nothing cached before the gap is served after it.
 */
export async function startContentFanout(database: Database, config: Config, log: FastifyBaseLogger, clustered: boolean): Promise<ContentFanout> {
  // Instances of one site share a channel; sites on one Redis (another database, schema or
  // SQLite folder) do not. PostgreSQL's notices stay within their database already.
  const schema = config.databaseSchema ?? 'public';
  const site = createHash('sha1')
    .update(`${config.databaseUrl ?? config.dataDir}|${schema}`)
    .digest('hex')
    .slice(0, 16);
  const self = randomBytes(8).toString('hex');
  const receive = (message: string) => {
    const [from, list] = message.split(' ');
    if (from === self || !list) return;
    // Checked by their form, not against a list: a thing's name (an article's id) is any.
    const tags = list.split(',').filter(isContentTag);
    if (tags.length > 0) applyContentChange(database, tags);
  };
  const message = (tags: readonly ContentTag[]) => `${self} ${tags.join(',')}`;
  const missedSome = () => applyContentChange(database, contentAreas);

  if (config.redisUrl) return redisFanout(config.redisUrl, `portal:content-changed:${site}`, database, { receive, message, missedSome }, log);
  if (database.engine === 'postgres' && config.databaseUrl) {
    return postgresFanout(config.databaseUrl, `content_changed_${schema}`, database, { receive, message, missedSome }, log);
  }
  if (clustered) return clusterFanout(database, { receive, message, missedSome }, log);
  return { stop: async () => undefined };
}

/** In a cluster worker: notices go to the primary, which relays them; those of the others arrive from it. */
function clusterFanout(database: Database, wire: Wire, log: FastifyBaseLogger): ContentFanout {
  const arrive = (message: unknown) => {
    if (isContentNotice(message)) wire.receive(message.notice);
  };
  process.on('message', arrive);
  const removePublisher = addPublisher(database, (tags) => {
    const notice: ContentNotice = { type: 'content-changed', notice: wire.message(tags) };
    process.send?.(notice, undefined, {}, (err: Error | null) => {
      if (err) log.warn({ err: { message: err.message } }, 'content change not sent to the primary');
    });
  });
  return {
    async stop() {
      removePublisher();
      process.off('message', arrive);
    },
  };
}

interface Wire {
  receive: (message: string) => void;
  message: (tags: readonly ContentTag[]) => string;
  missedSome: () => void;
}

async function redisFanout(url: string, channel: string, database: Database, wire: Wire, log: FastifyBaseLogger): Promise<ContentFanout> {
  // Loaded here: a site without REDIS_URL never needs the client (a tenth of a second of each process's start).
  const { Redis } = await import('ioredis');
  // A subscribed connection can only listen, so publishing takes a second one.
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  for (const connection of [subscriber, publisher])
    connection.on('error', (err: Error) => log.warn({ err: { message: err.message } }, 'redis connection error'));
  await Promise.all([subscriber.connect(), publisher.connect()]);
  subscriber.on('message', (_channel: string, text: string) => wire.receive(text));
  await subscriber.subscribe(channel);
  // Registered after the first connection: every later 'ready' is a reconnection. ioredis
  // subscribes again by itself; what was published meanwhile is lost.
  subscriber.on('ready', wire.missedSome);
  const removePublisher = addPublisher(database, (tags) => {
    publisher.publish(channel, wire.message(tags)).catch((err: Error) => log.warn({ err: { message: err.message } }, 'content change not published'));
  });
  return {
    async stop() {
      removePublisher();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

async function postgresFanout(url: string, channel: string, database: Database, wire: Wire, log: FastifyBaseLogger): Promise<ContentFanout> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload) wire.receive(n.payload);
    });
    next.on('error', (err) => {
      log.warn({ err: { message: err.message } }, 'content change listener lost its connection');
      lose(next);
    });
    next.on('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) await next.end();
    else client = next;
  };
  const listenLater = () => {
    if (stopped) return;
    retry = setTimeout(() => listen().then(wire.missedSome, listenLater), RECONNECT_MS);
    retry.unref();
  };
  const lose = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = undefined;
    void lost.end().catch(() => undefined);
    listenLater();
  };

  await listen();
  const removePublisher = addPublisher(database, (tags) => {
    // Sent after the write committed, through the pool: the listening connection may be reconnecting.
    sql`SELECT pg_notify(${channel}, ${wire.message(tags)})`
      .execute(database.db)
      .catch((err: Error) => log.warn({ err: { message: err.message } }, 'content change not published'));
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      removePublisher();
      await client?.end().catch(() => undefined);
    },
  };
}
