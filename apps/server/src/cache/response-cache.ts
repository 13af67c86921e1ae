import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import { accepts, chosenEncoding, COMPRESS_THRESHOLD_BYTES, compressed, compressedAnswer, type EncodedCopy, type Encoding } from '../http/compression.js';
import { inDeclaredSpelling, pathAndQuery } from '../http/params.js';
import { ByteLru, type Sized } from './byte-lru.js';
import { changedSince, changeMark, contentAreas, watchChanges, type ContentArea, type ContentTag } from './generations.js';
import { SplicedGzip } from './spliced-gzip.js';

/** Who an answer was made for: a member sees member-only content a visitor must never get. */
/** Who a per-audience answer is for: a member whose membership lapsed reads as a visitor, with its own message. */
export type Audience = 'visitor' | 'member' | 'lapsed';

/**
 * How a public read is cached (route option `config.responseCache`): the content areas its
 * answer is built from, or, when it can tell from its parameters, the things in them
 * (`dependsOn`, e.g. GetNewsDetail?newsid=7 is article 7), and whether members get a different
 * answer than visitors.
 */
export interface CachePolicy {
  areas: readonly ContentArea[];
  /** What the answer to these parameters (as the route's query schema parses them) is drawn from; the areas when absent. */
  dependsOn?: (params: Record<string, unknown>) => readonly ContentTag[];
  /** The answer depends on a member session (member-only articles): members and visitors get separate entries. */
  perAudience?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: CachePolicy;
  }
}

/**
 * A counter shown in an answer that every reading advances (an article's views): a hit still
 * counts, and the number in the served bytes is the one at caching plus the hits since.
 */
interface LiveCounter {
  count: () => void;
  /**
   * The answer split around the number; absent when the number is not shown (a page whose script
   * asks for it). Its gzip form is made at the first reading from the cache that takes gzip:
   * compressing both parts cost a seventh of an uncached article's answer, and many kept
   * articles are never read again (a crawler passing through them all).
   */
  around?: { before: Buffer; after: Buffer; base: number; gzip?: SplicedGzip };
  hits: number;
}

/** An answer kept as the bytes sent, with what a revalidation and a compressed copy need. */
export interface CachedAnswer extends Sized {
  key: string;
  /** What it was drawn from, current as of the change numbered `mark` (generations.ts). */
  dependsOn: readonly ContentTag[];
  mark: number;
  status: number;
  contentType: string;
  cacheControl: string;
  vary: string;
  etag: string;
  /** The bytes as made; absent for an answer kept compressed alone (`plainOf` makes them again). */
  body?: Buffer;
  /** The length of the bytes as made. */
  size: number;
  encoded: Partial<Record<Encoding, Buffer>>;
  counter?: LiveCounter;
  bytes: number;
}

/** How `keep` keeps an answer. */
export interface KeepOptions {
  /** What it was drawn from when the lookup could not say (a page's drawing). */
  drawnFrom?: readonly ContentTag[];
  /**
   * Keep its compressed copy alone: a page's HTML is 4–6 times its brotli copy, and browsers
   * take brotli or gzip, so the rare client taking neither is sent the copy decompressed. Not for
   * API answers: the pages' own calls, made in-process, read them uncompressed.
   */
  compressedOnly?: boolean;
}

/** An answer's bytes as made: kept, or decompressed from the copy it was kept as alone. */
function plainOf(entry: CachedAnswer): Buffer {
  if (entry.body) return entry.body;
  const { br, gzip } = entry.encoded;
  if (br) return zlib.brotliDecompressSync(br);
  if (gzip) return zlib.gunzipSync(gzip);
  throw new Error(`cached answer ${entry.key} has no bytes`);
}

/** A kept answer read by a page's in-process call (ResponseCache.keptCall), and what it was drawn from. */
export interface KeptCall {
  body: Buffer;
  dependsOn: readonly ContentTag[];
}

/** What a missed request needs to keep its answer once it is made. */
interface Pending {
  key: string;
  /** Known before the answer is made (a call), or learned as it is made (a page: keep). */
  dependsOn?: readonly ContentTag[];
  mark: number;
  cacheControl: string;
  vary: string;
  counter?: { count: () => void; field?: string };
}

/** An answer being made: those missing its key wait for it, unless what it is drawn from changed since it began. */
interface Making {
  dependsOn?: readonly ContentTag[];
  mark: number;
  maker: FastifyRequest;
  answer: Promise<CachedAnswer | undefined>;
  settle(answer: CachedAnswer | undefined): void;
}

/**
 * How long a request waits for another to make the answer it needs before making its own:
 * longer than any page takes to draw under load, short enough that a maker lost without a
 * word (none is known) costs one wait.
 */
const MAKING_WAIT_MS = 5000;

/**
 * Where a request's answer is kept, what it is built from, and the headers it goes out with.
 * `dependsOn` absent: what the answer is drawn from is learned as it is made (a page's drawing
 * records its calls), and given to keep.
 */
export interface Lookup {
  key: string;
  dependsOn?: readonly ContentTag[];
  cacheControl: string;
  vary: string;
  /** A visitor's page: served stale for a moment while one request redraws it (STALE_WHILE_REDRAWN_MS). */
  staleWhileRedrawn?: boolean;
}

/**
 * How long after a write a kept page it made stale may still be served, while one request
 * redraws it: the others in that moment get the page as it was instead of queueing behind the
 * redraw. Past this, or with no redraw under way, nobody gets the stale copy. A few seconds: an
 * editor checking the saved article reloads after that, and a redraw takes tens of milliseconds.
 */
export const STALE_WHILE_REDRAWN_MS = 5000;
/** Addresses whose keys keptCall remembers: the calls pages share, and the latest distinct ones (a crawler's articles). */
const ADDRESS_KEYS_KEPT = 4096;
/** Changes whose times are remembered for the bound above; one older than these is taken as long past. */
const CHANGE_TIMES_KEPT = 256;

const pending = new WeakMap<FastifyRequest, Pending>();

/**
 * The changes that can take something away from visitors: an article deleted, withdrawn or made
 * members-only (its save says so: news:withdrawal), the articles changed as a whole, any menu
 * change (a menu hidden). A copy made before such a change is never served again once stale,
 * not while a redraw is under way, not even while the database is away (serveKept).
 */
const WITHDRAWING: readonly ContentTag[] = ['news:withdrawal', 'menus'];
const hits = new WeakSet<FastifyRequest>();

/**
 * Browsers and proxies may keep a visitor's answer but must ask again before using it (a 304
 * costs us a lookup): any longer and a page reloaded after a back-office save could show the
 * old content. A member's answers are the member's alone.
 */
const API_CACHE_CONTROL: Record<Audience, string> = { visitor: 'public, max-age=0, must-revalidate', member: 'private, no-cache', lapsed: 'private, no-cache' };

/**
 * Public reads answered from memory: each answer is kept as the bytes sent, with an ETag,
 * under the call, its normalised parameters and the audience, and is current while nothing it
 * was drawn from has changed (cache/generations.ts). A write names what it changed, so the
 * next read of an answer drawn from that builds it afresh, and the others stay kept. Only a
 * visitor's page may be served stale, for STALE_WHILE_REDRAWN_MS at most, while it is redrawn.
 * Memory is bounded by bytes (least recently used goes first).
 */
export class ResponseCache {
  private readonly store: ByteLru<CachedAnswer>;
  /**
   * The answers being made, by key: a request missing a key that another is already making
   * waits for that answer instead of making it again. Without this, the first seconds after a
   * write (or a start) made a popular page once per request in flight: 100 connections on a
   * cold /home drew it about 180 times over five seconds, each drawing calling the APIs again,
   * and the page answered 30-330 requests a second where it answers thousands once kept.
   */
  private readonly making = new Map<string, Making>();
  /** When each of the latest changes came, by number: a stale page's bound runs from the first change after it was made. */
  private readonly changeTimes = new Map<number, number>();
  /** The routes whose answers are kept, by address as the router matches it (keptCall). */
  private readonly cachedRoutes = new Map<string, CachedRoute>();
  /** Where the answers to the latest addresses keptCall was asked for are kept (keyOfAddress), oldest first. */
  private readonly addressKeys = new Map<string, string | null>();
  /** Requests answered from a kept copy since the start: visitors the cache spared a query or a drawing (features/pages/loop-share.ts). */
  servedCount = 0;

  constructor(
    private readonly database: Database,
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new ByteLru(maxBytes);
    watchChanges(database, (mark) => {
      this.changeTimes.set(mark, this.now());
      if (this.changeTimes.size > CHANGE_TIMES_KEPT) this.changeTimes.delete(this.changeTimes.keys().next().value!);
    });
  }

  get bytes(): number {
    return this.store.bytes;
  }

  /**
   * Answers the request from the cache when a current entry exists (resolving true), else
   * notes what its answer is to be kept under (see keep). For route hooks and the page fallback.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, lookup: Lookup, mayWait = true): Promise<boolean> {
    // Turned off (RESPONSE_CACHE_MB=0): every request makes its own answer, none waits for another's.
    if (this.store.maxBytes === 0) return false;
    const { key, dependsOn, cacheControl, vary } = lookup;
    // Read before the answer is made: a write meanwhile leaves the kept answer already stale.
    const mark = changeMark(this.database);
    const entry = this.store.get(key);
    if (entry && this.isCurrent(entry)) return this.answer(request, reply, entry);
    const making = this.making.get(key);
    // A making whose sources are learned as it goes (a page) may still be current: its answer is checked when it comes.
    if (making && !(making.dependsOn && changedSince(this.database, making.dependsOn, making.mark))) {
      if (mayWait) {
        // Others redraw it: a visitor's page as it was a moment ago, rather than a wait (STALE_WHILE_REDRAWN_MS).
        if (entry && lookup.staleWhileRedrawn && this.mayServeStale(entry)) return this.answer(request, reply, entry);
        const made = await Promise.race([making.answer, sleep(MAKING_WAIT_MS, undefined, { ref: false })]);
        if (made && this.isCurrent(made)) return this.answer(request, reply, made);
        // Made before a write: whoever makes it next makes it for everyone again. Not kept
        // (failed, the reader's own) or taking too long: this request makes its own.
        return this.serve(request, reply, lookup, made !== undefined);
      }
    } else {
      // One being made from what has changed since is of no use to anyone now.
      if (making) this.settle(key);
      let settle!: (answer: CachedAnswer | undefined) => void;
      const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
      this.making.set(key, { dependsOn, mark, maker: request, answer, settle });
    }
    pending.set(request, { key, dependsOn, mark, cacheControl, vary });
    return false;
  }

  private isCurrent(entry: CachedAnswer): boolean {
    return !changedSince(this.database, entry.dependsOn, entry.mark);
  }

  /**
   * A stale copy may stand in while it is redrawn: within STALE_WHILE_REDRAWN_MS of the first
   * change after it was made (any change, so the bound never runs from a later one), and never
   * after a change that may have withdrawn what it shows.
   */
  private mayServeStale(entry: CachedAnswer): boolean {
    if (changedSince(this.database, WITHDRAWING, entry.mark)) return false;
    const changedAt = this.changeTimes.get(entry.mark + 1);
    return changedAt !== undefined && this.now() - changedAt <= STALE_WHILE_REDRAWN_MS;
  }

  /**
   * Answers from the copy kept under `key` even when it is no longer current (resolving true),
   * for a request whose fresh answer cannot be made because the database is away: the page as
   * it was a moment ago beats an error page. A copy is kept until a fresh one replaces it or
   * memory pushes it out, so an outage right after a write still finds it; but not one made
   * before a write that may have withdrawn what it shows (WITHDRAWING).
   */
  serveKept(request: FastifyRequest, reply: FastifyReply, key: string): boolean {
    const entry = this.store.get(key);
    if (!entry || changedSince(this.database, WITHDRAWING, entry.mark)) return false;
    return this.answer(request, reply, entry);
  }

  private answer(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): true {
    hits.add(request);
    this.servedCount += 1;
    this.send(request, reply, entry);
    return true;
  }

  /** Tells the requests waiting for `key` what was made of it: the kept answer, or none. */
  private settle(key: string, answer?: CachedAnswer): void {
    const making = this.making.get(key);
    if (!making || (answer && answer.mark !== making.mark)) return;
    this.making.delete(key);
    making.settle(answer);
  }

  /**
   * Ends a missed request without keeping its answer (an error, a client gone, an answer not
   * to be kept): those waiting for it make their own. Called when any request ends.
   */
  release(request: FastifyRequest): void {
    const note = pending.get(request);
    if (!note) return;
    pending.delete(request);
    if (this.making.get(note.key)?.maker === request) this.settle(note.key);
  }

  /** Leaves a missed request's answer out of the cache: it is the reader's own (a member's unpublished contribution). */
  pass(request: FastifyRequest): void {
    this.release(request);
  }

  /** Marks a missed request's answer as showing a counter that every reading advances (see LiveCounter). */
  countEveryReading(request: FastifyRequest, count: () => void, field?: string): void {
    const note = pending.get(request);
    if (note) note.counter = { count, field };
  }

  /**
   * Keeps the answer of a request `serve` missed, and gives it its ETag and Cache-Control;
   * with the compressed copy sent, when the sender made one (a page), so a hit need not make it
   * again, and what it was drawn from when the lookup could not say (a page's drawing: every
   * area when that is unknown too).
   */
  keep(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    contentType: string,
    copy?: EncodedCopy,
    { drawnFrom, compressedOnly }: KeepOptions = {},
  ): void {
    const note = pending.get(request);
    if (!note) return;
    if (reply.statusCode !== 200 || reply.hasHeader('content-encoding')) return this.release(request);
    pending.delete(request);
    const counter = note.counter && liveCounter(body, note.counter.count, note.counter.field);
    // A weak tag for an answer with a live counter: same content, the count aside.
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27);
    const etag = counter ? `W/"${hash}"` : `"${hash}"`;
    // A copy around a live counter would show the count at keeping: hits are made from the parts.
    const kept = counter?.around ? undefined : copy;
    const plain = kept && compressedOnly ? undefined : body;
    const entry: CachedAnswer = {
      key: note.key,
      dependsOn: note.dependsOn ?? drawnFrom ?? contentAreas,
      mark: note.mark,
      status: 200,
      contentType,
      cacheControl: note.cacheControl,
      vary: note.vary,
      etag,
      body: plain,
      size: body.length,
      encoded: kept ? { [kept.encoding]: kept.body } : {},
      counter,
      bytes: note.key.length * 2 + (plain?.length ?? 0) + (kept?.body.length ?? 0) + 256,
    };
    this.store.set(note.key, entry);
    this.settle(note.key, entry);
    void reply.header('etag', etag).header('cache-control', note.cacheControl);
  }

  /** Whether this request was answered from the cache (its onSend must not keep it again). */
  static answeredFromCache(request: FastifyRequest): boolean {
    return hits.has(request);
  }

  /**
   * The answer kept for a visitor's call to `address` (a path and query), when one is current:
   * what a page's call made in-process (features/pages/render.ts) reads without going through
   * the routes, whose hook would answer it with these bytes. It counts as a reading, as a hit
   * does (an article's views).
   */
  keptCall(address: string): KeptCall | undefined {
    if (this.store.maxBytes === 0) return undefined;
    const key = this.keyOfAddress(address);
    const entry = key === null ? undefined : this.store.get(key);
    if (!entry || !this.isCurrent(entry)) return undefined;
    const count = this.countReading(entry);
    const around = entry.counter?.around;
    const body = around && count ? Buffer.concat([around.before, count, around.after]) : plainOf(entry);
    return { body, dependsOn: entry.dependsOn };
  }

  /**
   * Where a visitor's answer to `address` is kept (null: a route that keeps none, or a query it
   * refuses), remembered by address: the pages ask the same few calls again and again (the menu
   * tree, the site's information), and parsing their queries through the route's schema was a
   * third of what reading a kept answer cost.
   */
  private keyOfAddress(address: string): string | null {
    let key = this.addressKeys.get(address);
    if (key !== undefined) return key;
    const [pathname, search] = pathAndQuery(address);
    const route = this.cachedRoutes.get(asRouted(pathname));
    const params = new URLSearchParams(search);
    const query = Object.fromEntries(params);
    // A name given twice is read as a list by the router: not a call a page makes, so not read here.
    const once = Object.keys(query).length === params.size;
    // In-process calls carry no session: a visitor's answer, as the hook's audienceOf finds.
    key = (route && once && callOf(route, query, 'visitor')?.key) || null;
    if (this.addressKeys.size >= ADDRESS_KEYS_KEPT) this.addressKeys.delete(this.addressKeys.keys().next().value!);
    this.addressKeys.set(address, key);
    return key;
  }

  /** Notes a route whose answers are kept (registerResponseCache, as the route is added), for keptCall. */
  cachesRoute(route: CachedRoute): void {
    this.cachedRoutes.set(route.url, route);
  }

  /** Counts a reading of an answer with a live counter, and gives the number its bytes show now (LiveCounter). */
  private countReading(entry: CachedAnswer): Buffer | undefined {
    const counted = entry.counter;
    if (!counted) return undefined;
    counted.count();
    counted.hits += 1;
    return counted.around && Buffer.from(String(counted.around.base + counted.hits));
  }

  private send(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): void {
    const count = this.countReading(entry);
    const headers: Record<string, string> = { etag: entry.etag, 'cache-control': entry.cacheControl, vary: entry.vary };
    if (matchesTag(request.headers['if-none-match'], entry.etag)) {
      answerRaw(reply, 304, headers);
      return;
    }
    headers['content-type'] = entry.contentType;
    const around = entry.counter?.around;
    if (around && count) {
      const { before, after } = around;
      // Every browser takes gzip, which can be joined around the count (spliced-gzip.ts); a
      // client taking brotli alone gets the body compressed by the compression hook.
      if (entry.size >= COMPRESS_THRESHOLD_BYTES && accepts(request, 'gzip')) {
        if (!around.gzip) {
          around.gzip = new SplicedGzip(before, after);
          this.recount(entry, around.gzip.bytes);
        }
        headers['content-encoding'] = 'gzip';
        answerRaw(reply, entry.status, headers, around.gzip.with(count));
        return;
      }
      void reply
        .headers(headers)
        .code(entry.status)
        .send(Buffer.concat([before, count, after]));
      return;
    }
    const encoding = chosenEncoding(request, entry.size);
    if (!encoding) {
      answerRaw(reply, entry.status, headers, plainOf(entry));
      return;
    }
    let copy = entry.encoded[encoding];
    if (!copy) {
      copy = entry.encoded[encoding] = compressed(plainOf(entry), encoding);
      this.recount(entry, copy.length);
    }
    headers['content-encoding'] = encoding;
    answerRaw(reply, entry.status, headers, copy);
  }

  /** Puts an entry again with what was added to it since it was kept (a compressed form), so the store counts those bytes too. */
  private recount(entry: CachedAnswer, added: number): void {
    this.store.delete(entry.key);
    entry.bytes += added;
    this.store.set(entry.key, entry);
  }
}

/**
 * Writes a kept answer straight to the socket: its bytes are final (compressed, tagged), so
 * Fastify's send path (serialisers, the compression and keeping hooks) has nothing to add, and
 * skipping it is a tenth of a hit's cost. The security headers are already on the raw response
 * (onRequest); onResponse hooks and the request log still run for a hijacked reply.
 */
function answerRaw(reply: FastifyReply, status: number, headers: Record<string, string>, body?: Buffer): void {
  reply.hijack();
  if (body) headers['content-length'] = String(body.length);
  reply.raw.writeHead(status, headers);
  reply.raw.end(body);
}

/** A counter's number found in a JSON body (`"Views":12`), so a hit can show it advanced. */
function liveCounter(body: Buffer, count: () => void, field: string | undefined): LiveCounter {
  if (!field) return { count, hits: 0 };
  const text = body.toString('utf8');
  // A key's quote is never escaped, a quote inside a string value always is: this finds the key.
  const match = new RegExp(`"${field}":(\\d+)`).exec(text);
  if (!match) return { count, hits: 0 };
  const before = Buffer.from(text.slice(0, match.index + field.length + 3));
  const after = Buffer.from(text.slice(match.index + match[0].length));
  return { count, hits: 0, around: { before, after, base: Number(match[1]) } };
}

/** If-None-Match holds the tag (or *); weak and strong forms compare equal, as RFC 9110 asks for GET. */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** A route's query schema (zod, through the type provider), as far as the key needs it. */
interface QuerySchema {
  safeParse(input: unknown): { success: true; data: Record<string, unknown> } | { success: false };
}

/** A cached call: where its answer is kept, and its parameters as its route reads them. */
interface Call {
  key: string;
  params: Record<string, unknown>;
}

/**
 * The cache key of a call: its route, its parameters as the route reads them, and the audience.
 * The parameters go through the route's own query schema, so one answer has one key: names in
 * the schema's spelling whatever their case, names the route does not read left out (made-up
 * ones, cache-busters, campaign tags), values as parsed (`pageindex=01`, `PageIndex=1` and no
 * pageindex at all are the same first page). Keyed by the raw query, any made-up parameter made
 * a fresh answer and pushed a kept one out. A query the schema refuses has no key (undefined):
 * the route answers it with its refusal, which is not kept.
 */
function callOf(route: CachedRoute, query: unknown, audience: Audience): Call | undefined {
  const { url, schema } = route;
  if (!schema) return { key: `${url}|${audience}`, params: {} };
  const parsed = schema.safeParse(inDeclaredSpelling(query, schema));
  if (!parsed.success) return undefined;
  const params = Object.entries(parsed.data)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const key = params.length === 0 ? `${url}|${audience}` : `${url}?${new URLSearchParams(params).toString()}|${audience}`;
  return { key, params: parsed.data };
}

/** A route whose answers are cached, as its calls' keys need it: its address (lowercase, as the router matches it) and query schema. */
interface CachedRoute {
  url: string;
  schema?: QuerySchema;
}

/** A route as callOf reads it, from its address and schema as Fastify holds them. */
const cachedRoute = (url: string, schema: unknown): CachedRoute => ({
  url: asRouted(url),
  schema: (schema as { querystring?: QuerySchema } | undefined)?.querystring,
});

/** The route a request was routed to, as callOf reads it. */
const routeOf = (request: FastifyRequest): CachedRoute => cachedRoute(request.routeOptions.url ?? request.url, request.routeOptions.schema);

/** An address as the router matches it (case-insensitive, a trailing slash ignored: app.ts). */
const asRouted = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();

/** What each cached call was drawn from, by its raw request: a page's drawing reads it for the calls it made (dependenciesOfCall). */
const callSources = new WeakMap<object, readonly ContentTag[]>();

/**
 * What the answer to a request made in-process (a page's API call, by its raw request) is drawn
 * from: what its route declares, or every area for a route that declares nothing.
 */
export function dependenciesOfCall(raw: object): readonly ContentTag[] {
  return callSources.get(raw) ?? contentAreas;
}

/**
 * Caches the answers of routes that declare `config.responseCache` (GET only): answered from
 * memory before any other work when current, kept after sending otherwise. Registered at the
 * root, before the routes, so the keeping hook sees the answer before it is compressed.
 * `audienceOf` tells who a per-audience route's request comes from (the member session, which
 * app.ts passes in from features/members/guard.ts).
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache, audienceOf: (request: FastifyRequest) => Promise<Audience>): void {
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!route.config?.responseCache || !methods.includes('GET')) return;
    cache.cachesRoute(cachedRoute(route.url, route.schema));
  });
  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config.responseCache;
    if (!policy || request.method !== 'GET') return;
    const audience = policy.perAudience ? await audienceOf(request) : 'visitor';
    const call = callOf(routeOf(request), request.query, audience);
    // A refused query (no call) is answered with its refusal, which a page is not kept with.
    const dependsOn = (call && policy.dependsOn?.(call.params)) ?? policy.areas;
    callSources.set(request.raw, dependsOn);
    if (call && (await cache.serve(request, reply, { key: call.key, dependsOn, cacheControl: API_CACHE_CONTROL[audience], vary: varyOf(policy) })))
      return reply;
  });
  // Whatever way a missed request ends, those waiting for its answer are let go (keep settles them first when it was kept).
  app.addHook('onResponse', async (request) => cache.release(request));
  app.addHook('onRequestAbort', async (request) => cache.release(request));
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config.responseCache;
    if (!policy || ResponseCache.answeredFromCache(request)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // Compressed here rather than by the compression plugin (which leaves an encoded answer
    // alone): a large answer off the event loop, and the copy is kept with the answer, so its
    // first reading from the cache need not compress it again.
    const encoding = reply.hasHeader('content-encoding') ? undefined : chosenEncoding(request, body.length);
    const copy = encoding && { encoding, body: await compressedAnswer(body, encoding) };
    cache.keep(request, reply, body, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), copy);
    // As a hit says it: whether or not this copy went out compressed, the answer varies by encoding (and session).
    void reply.header('vary', varyOf(policy));
    if (!copy) return body;
    void reply.header('content-encoding', copy.encoding);
    return copy.body;
  });
}

/** What a cached call's answer varies by: its encoding, and for one that members see differently, the session (shared caches must not hand one token's answer to another). */
function varyOf(policy: CachePolicy): string {
  return policy.perAudience ? 'Accept-Encoding, token, Authorization' : 'Accept-Encoding';
}
