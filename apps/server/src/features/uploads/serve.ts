import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-types.js';
import { contentTypeOf, isRandomName, type ByteRange, type StoredFile } from '../../storage/storage.js';
import { namedUploads } from './public-names.js';

/**
 * Serves the public uploads at /uploads/… from whichever storage holds them (local folder or
 * bucket), streamed, with what a static file server answers: Content-Type by extension,
 * Content-Length, ETag and Last-Modified, 304 to a matching If-None-Match (or If-Modified-Since),
 * one byte range with 206 (If-Range honoured, 416 past the end), HEAD without the body.
 * A file that is not there goes to the not-found handler, where a picture's missing web copy
 * redirects to its original (variants.ts).
 */

/** A random name is never reused and its content never changes: kept for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files an operator put in the folder under names of their own may change. */
const NAMED_BY_HAND = 'public, max-age=604800';
/** An uploaded file never runs as a page of our origin. */
const SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function registerUploadServing(app: App): Promise<void> {
  const { storage, database } = app.services;
  await app.register(async (uploads) => {
    // Attachments are saved under the names they were uploaded with.
    uploads.addHook('onSend', namedUploads(database));
    uploads.route({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      schema: { hide: true },
      async handler(request, reply) {
        const stored = storedPath(request.url);
        const file = stored && storage.owns(stored) ? await storage.stat(stored) : undefined;
        if (!stored || !file) return reply.callNotFound();
        const headers = {
          'Content-Type': contentTypeOf(stored),
          ETag: file.etag,
          'Last-Modified': file.mtime.toUTCString(),
          'Cache-Control': isRandomName(stored) ? IMMUTABLE : NAMED_BY_HAND,
          'Accept-Ranges': 'bytes',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': SANDBOX,
        };
        if (notModified(request, file)) return reply.code(304).headers(headers).send();
        const range = requestedRange(request, file);
        if (range === 'unsatisfiable')
          return reply
            .code(416)
            .headers({ ...headers, 'Content-Range': `bytes */${file.size}` })
            .send();
        const length = range ? range.end - range.start + 1 : file.size;
        let body: Readable | undefined;
        if (request.method === 'GET' && length > 0) {
          body = await storage.stream(stored, range);
          // Removed between the look and the read.
          if (!body) return reply.callNotFound();
        }
        const partial = range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}` } : {};
        return reply
          .code(range ? 206 : 200)
          .headers({ ...headers, ...partial, 'Content-Length': length })
          .send(body);
      },
    });
  });
}

/** The stored path a request asks for ('/uploads/…', decoded, no query); undefined when it cannot be decoded. */
function storedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
}

/** Whether the client's copy is current: If-None-Match by weak comparison, else If-Modified-Since (to the second). */
function notModified(request: FastifyRequest, file: StoredFile): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((tag) => tag.trim());
    return tags.includes('*') || tags.some((tag) => opaque(tag) === opaque(file.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(file.mtime.getTime() / 1000) * 1000 <= since;
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/**
 * The one byte range asked for: undefined for the whole file (no Range, one that is not
 * `bytes=`, several ranges, or an If-Range the file no longer matches), 'unsatisfiable' when it
 * starts past the end.
 */
function requestedRange(request: FastifyRequest, file: StoredFile): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '') || !rangeStillApplies(request, file)) return undefined;
  const [first, last] = [match[1] ? Number(match[1]) : undefined, match[2] ? Number(match[2]) : undefined];
  if (first === undefined) {
    // bytes=-N: the last N bytes.
    if (last === 0 || file.size === 0) return 'unsatisfiable';
    return { start: Math.max(0, file.size - last!), end: file.size - 1 };
  }
  if (last !== undefined && last < first) return undefined;
  if (first >= file.size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? file.size - 1, file.size - 1) };
}

/** If-Range: the range holds only while the file is the one the client has part of (its tag, or its date). */
function rangeStillApplies(request: FastifyRequest, file: StoredFile): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === file.etag;
  return Math.floor(file.mtime.getTime() / 1000) * 1000 === Date.parse(ifRange);
}
