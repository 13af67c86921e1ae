import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this size the encoding headers and the CPU cost about what compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Whatever is compressed while serving (API answers, feeds, the response cache's further copies; pages in features/pages/page-document.mjs): brotli quality 3 (see registerCompression). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } };

/**
 * Compresses answers on the fly (pages' HTML, JSON, SVG, XML: the types mime-db calls
 * compressible) above a threshold, brotli before gzip by the client's Accept-Encoding, at
 * quality 3: half the time of the plugin's default 4. For an API answer (a page of ten articles,
 * 5.5 KB) that is 39 µs against 79 for 0.5 % more bytes; for a page drawn by the server, 0.7 ms
 * against 1.1-1.5 (the home page, 82 KB of HTML) and 0.4 against 0.75 (an article, 51 KB) for
 * 5-6 % more bytes (under 1 KB). A page is drawn for every crawler's request and after every
 * save, so that time counts where the kilobyte on a phone does not. The maximum (11) costs tens
 * of milliseconds per page. Hashed assets are compressed at build time instead and sent
 * as they are (features/pages/web-app.ts, preCompressed); an answer that already carries Content-Encoding is
 * left alone: the response cache compresses the answers of the calls it keeps itself, off the
 * event loop when they are large (compressedAnswer).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
  });
}

const brotliOnPool = promisify(zlib.brotliCompress);
const gzipOnPool = promisify(zlib.gzip);

/**
 * From this size an API answer is compressed on libuv's thread pool: a list of a thousand
 * articles (pagesize=1000, 530 KB of JSON) takes 2 ms to compress, which would hold the event
 * loop. Below it, inline: an asynchronous brotli call sets up a stream and a thread hop that
 * cost 100-150 µs of CPU, three times what compressing a few kilobytes does (about 30-60 µs for
 * 2-20 KB at quality 3), and at 64 KB the loop is held for about 0.15 ms.
 */
const OFF_LOOP_FROM_BYTES = 64 * 1024;

/** An API answer compressed as the plugin would (brotli at quality 3), off the event loop when it is large. */
export async function compressedAnswer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length < OFF_LOOP_FROM_BYTES) return compressed(body, encoding);
  return encoding === 'br' ? brotliOnPool(body, BROTLI) : gzipOnPool(body);
}

/** A page's compressed copy and its encoding. */
export interface EncodedCopy {
  encoding: Encoding;
  body: Buffer;
}

/**
 * A document compressed for this client (none below the threshold or without Accept-Encoding),
 * on the event loop: a feed. Drawn pages are compressed on their render thread
 * (features/pages/page-document.mjs); libuv's thread pool freed the loop too, but under load it
 * lowered uncached pages from 82-98 to 59-65 per second (more in flight, a thread hop each).
 */
export function encodePage(request: FastifyRequest, body: Buffer): EncodedCopy | undefined {
  const encoding = chosenEncoding(request, body.length);
  return encoding && { encoding, body: compressed(body, encoding) };
}

/** Sends the page, or its compressed copy when there is one; `vary` names what else the answer depends on besides the encoding. */
export function sendEncoded(reply: FastifyReply, body: Buffer, copy: EncodedCopy | undefined, vary = 'Accept-Encoding'): FastifyReply {
  void reply.header('Vary', vary);
  return copy ? reply.header('Content-Encoding', copy.encoding).send(copy.body) : reply.send(body);
}

export type Encoding = 'br' | 'gzip';

/** The encoding an answer of `bytes` goes out in to this client: brotli before gzip, none below the threshold. */
export function chosenEncoding(request: FastifyRequest, bytes: number): Encoding | undefined {
  return bytes < COMPRESS_THRESHOLD_BYTES ? undefined : pageEncoding(request);
}

/** The encoding a page goes out in to this client, brotli before gzip: a page (index.html and more) is never below the threshold. */
export function pageEncoding(request: FastifyRequest): Encoding | undefined {
  if (accepts(request, 'br')) return 'br';
  if (accepts(request, 'gzip')) return 'gzip';
  return undefined;
}

/** Whether the client's Accept-Encoding names this encoding. */
export function accepts(request: FastifyRequest, encoding: Encoding): boolean {
  return (encoding === 'br' ? /\bbr\b/ : /\bgzip\b/).test(String(request.headers['accept-encoding'] ?? ''));
}

/** The body compressed on the event loop (an API answer, a feed, the response cache's further copies). */
export function compressed(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body);
}
