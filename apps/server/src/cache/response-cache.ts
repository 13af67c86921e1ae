import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import { accepts, chosenEncoding, COMPRESS_THRESHOLD_BYTES, compressed, compressedAnswer, type EncodedCopy, type Encoding } from '../http/compression.js';
import { inGoodStanding, optionalMember } from '../http/member-session.js';
import { inDeclaredSpelling } from '../http/params.js';
import { ByteLru, type Sized } from './byte-lru.js';
import { generationOf, type ContentArea } from './generations.js';
import { SplicedGzip } from './spliced-gzip.js';

/** Who an answer was made for: a member sees member-only content a visitor must never get. */
/** Who a per-audience answer is for: a member whose membership lapsed reads as a visitor, with its own message. */
export type Audience = 'visitor' | 'member' | 'lapsed';

/**
 * How a public read is cached (route option `config.responseCache`): the content areas its
 * answer is built from, and whether members get a different answer than visitors.
 */
export interface CachePolicy {
  areas: readonly ContentArea[];
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
  generation: number;
  status: number;
  contentType: string;
  cacheControl: string;
  vary: string;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  counter?: LiveCounter;
  /** The stamp of the areas whose writes can withdraw content (WITHDRAWING), when it was made. */
  withdrawals: number;
  bytes: number;
}

/** What a missed request needs to keep its answer once it is made. */
interface Pending {
  key: string;
  generation: number;
  withdrawals: number;
  cacheControl: string;
  vary: string;
  counter?: { count: () => void; field?: string };
}

/** An answer being made: those missing its key at its generation wait for it. */
interface Making {
  generation: number;
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

/** Where a request's answer is kept, what it is built from, and the headers it goes out with. */
export interface Lookup {
  key: string;
  areas: readonly ContentArea[];
  cacheControl: string;
  vary: string;
}

const pending = new WeakMap<FastifyRequest, Pending>();

/**
 * The areas whose writes can take something away from visitors: an article deleted, withdrawn
 * or made members-only, a menu hidden. A copy made before such a write is never served again,
 * not even while the database is away (serveKept).
 */
const WITHDRAWING: readonly ContentArea[] = ['news', 'menus'];
const hits = new WeakSet<FastifyRequest>();

/**
 * Browsers and proxies may keep a visitor's answer but must ask again before using it (a 304
 * costs us a lookup): any longer and a page reloaded after a back-office save could show the
 * old content. A member's answers are the member's alone.
 */
const API_CACHE_CONTROL: Record<Audience, string> = { visitor: 'public, max-age=0, must-revalidate', member: 'private, no-cache', lapsed: 'private, no-cache' };

/**
 * Public reads answered from memory: each answer is kept as the bytes sent, with an ETag,
 * under the call, its normalised parameters and the audience, and is current while the
 * generations of the content areas it was built from stay the same (cache/generations.ts).
 * A write bumps its area, so the next read builds a fresh answer: nothing is served stale
 * after a write. Memory is bounded by bytes (least recently used goes first).
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

  constructor(
    private readonly database: Database,
    maxBytes: number,
  ) {
    this.store = new ByteLru(maxBytes);
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
    const { key, areas, cacheControl, vary } = lookup;
    const generation = generationOf(this.database, areas);
    const entry = this.store.get(key);
    if (entry && entry.generation === generation) return this.answer(request, reply, entry);
    const making = this.making.get(key);
    if (making?.generation === generation) {
      if (mayWait) {
        const made = await Promise.race([making.answer, sleep(MAKING_WAIT_MS, undefined, { ref: false })]);
        if (made && made.generation === generationOf(this.database, areas)) return this.answer(request, reply, made);
        // Made before a write: whoever makes it next makes it for everyone again. Not kept
        // (failed, the reader's own) or taking too long: this request makes its own.
        return this.serve(request, reply, lookup, made !== undefined);
      }
    } else {
      // One being made for an older generation is of no use to anyone now.
      if (making) this.settle(key);
      let settle!: (answer: CachedAnswer | undefined) => void;
      const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
      this.making.set(key, { generation, maker: request, answer, settle });
    }
    // The generation is read before the answer is made: a write meanwhile leaves the kept answer already stale.
    pending.set(request, { key, generation, withdrawals: generationOf(this.database, WITHDRAWING), cacheControl, vary });
    return false;
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
    if (!entry || entry.withdrawals !== generationOf(this.database, WITHDRAWING)) return false;
    return this.answer(request, reply, entry);
  }

  private answer(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): true {
    hits.add(request);
    this.send(request, reply, entry);
    return true;
  }

  /** Tells the requests waiting for `key` what was made of it: the kept answer, or none. */
  private settle(key: string, answer?: CachedAnswer): void {
    const making = this.making.get(key);
    if (!making || (answer && answer.generation !== making.generation)) return;
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
   * with the compressed copy sent, when the sender made one (a page), so a hit need not make it again.
   */
  keep(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, copy?: EncodedCopy): void {
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
    const entry: CachedAnswer = {
      key: note.key,
      generation: note.generation,
      status: 200,
      contentType,
      cacheControl: note.cacheControl,
      vary: note.vary,
      etag,
      body,
      encoded: kept ? { [kept.encoding]: kept.body } : {},
      counter,
      withdrawals: note.withdrawals,
      bytes: note.key.length * 2 + body.length + (kept?.body.length ?? 0) + 256,
    };
    this.store.set(note.key, entry);
    this.settle(note.key, entry);
    void reply.header('etag', etag).header('cache-control', note.cacheControl);
  }

  /** Whether this request was answered from the cache (its onSend must not keep it again). */
  static answeredFromCache(request: FastifyRequest): boolean {
    return hits.has(request);
  }

  private send(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): void {
    const counted = entry.counter;
    if (counted) {
      counted.count();
      counted.hits += 1;
    }
    const headers: Record<string, string> = { etag: entry.etag, 'cache-control': entry.cacheControl, vary: entry.vary };
    if (matchesTag(request.headers['if-none-match'], entry.etag)) {
      answerRaw(reply, 304, headers);
      return;
    }
    headers['content-type'] = entry.contentType;
    if (counted?.around) {
      const { before, after, base } = counted.around;
      const count = Buffer.from(String(base + counted.hits));
      // Every browser takes gzip, which can be joined around the count (spliced-gzip.ts); a
      // client taking brotli alone gets the body compressed by the compression hook.
      if (entry.body.length >= COMPRESS_THRESHOLD_BYTES && accepts(request, 'gzip')) {
        if (!counted.around.gzip) {
          counted.around.gzip = new SplicedGzip(before, after);
          this.recount(entry, counted.around.gzip.bytes);
        }
        headers['content-encoding'] = 'gzip';
        answerRaw(reply, entry.status, headers, counted.around.gzip.with(count));
        return;
      }
      void reply.headers(headers).code(entry.status).send(Buffer.concat([before, count, after]));
      return;
    }
    const encoding = chosenEncoding(request, entry.body);
    if (!encoding) {
      answerRaw(reply, entry.status, headers, entry.body);
      return;
    }
    let copy = entry.encoded[encoding];
    if (!copy) {
      copy = entry.encoded[encoding] = compressed(entry.body, encoding);
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

/**
 * The cache key of a call: its route, its parameters as the route reads them, and the audience.
 * The parameters go through the route's own query schema, so one answer has one key: names in
 * the schema's spelling whatever their case, names the route does not read left out (made-up
 * ones, cache-busters, campaign tags), values as parsed (`pageindex=01`, `PageIndex=1` and no
 * pageindex at all are the same first page). Keyed by the raw query, any made-up parameter made
 * a fresh answer and pushed a kept one out. A query the schema refuses has no key (undefined):
 * the route answers it with its refusal, which is not kept.
 */
export function callKey(request: FastifyRequest, audience: Audience): string | undefined {
  const route = (request.routeOptions.url ?? request.url).toLowerCase();
  const schema = (request.routeOptions.schema as { querystring?: QuerySchema } | undefined)?.querystring;
  if (!schema) return `${route}|${audience}`;
  const parsed = schema.safeParse(inDeclaredSpelling(request.query, schema));
  if (!parsed.success) return undefined;
  const params = Object.entries(parsed.data)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return params.length === 0 ? `${route}|${audience}` : `${route}?${new URLSearchParams(params).toString()}|${audience}`;
}

/** A visitor without a token is known at once; with one, the session decides (one lookup per request). */
export async function audienceOfRequest(request: FastifyRequest): Promise<Audience> {
  if (!request.headers.token && !request.headers.authorization) return 'visitor';
  const member = await optionalMember(request);
  if (!member) return 'visitor';
  return inGoodStanding(member) ? 'member' : 'lapsed';
}

/**
 * Caches the answers of routes that declare `config.responseCache` (GET only): answered from
 * memory before any other work when current, kept after sending otherwise. Registered at the
 * root, before the routes, so the keeping hook sees the answer before it is compressed.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config.responseCache;
    if (!policy || request.method !== 'GET') return;
    const audience = policy.perAudience ? await audienceOfRequest(request) : 'visitor';
    const key = callKey(request, audience);
    if (key !== undefined && (await cache.serve(request, reply, { key, areas: policy.areas, cacheControl: API_CACHE_CONTROL[audience], vary: varyOf(policy) }))) return reply;
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
    const encoding = reply.hasHeader('content-encoding') ? undefined : chosenEncoding(request, body);
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
