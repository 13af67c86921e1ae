import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What an API answer (JSON, a spreadsheet, a certificate image) needs of the security headers:
 * no sniffing, nothing it could load or be framed by, and HTTPS only. The rest of helmet's set
 * (referrer, opener, frame and download policies, the page's CSP) governs documents, which a
 * browser never makes of these answers; leaving it off saves about 650 bytes and a dozen header
 * lines on every answer, a fifth of the work of one served from the response cache.
 */
const API_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  // Kept by no one unless the answer says otherwise: the public reads the response cache keeps
  // say how they may be kept; everything else (a sign-in's token, a lookup of someone's
  // certificates) must not sit in a proxy's or CDN's heuristic cache.
  ['Cache-Control', 'no-store'],
];

/**
 * An answer for one member, applicant or admin alone: no shared cache may keep it, no browser
 * store it. Set by the guards (features/system/auth/guard.ts, features/members/guard.ts)
 * before the route runs, so their refusals carry it too.
 */
export const PRIVATE_ANSWER = 'private, no-store';

/** API answers: everything under /api except the API's documentation pages, which are documents. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * The build's hashed scripts and stylesheets. A browser never makes a document of them, so the
 * document policies (CSP, frame, opener, referrer) do nothing there; but every page loads a few
 * dozen, and those headers were about 0.7 KB of each one's 1.1 KB of headers on a visitor's phone
 * (issue 57). They keep nosniff (a script must be served as one), the resource policy and HSTS.
 * Pictures and fonts keep the full set: an SVG opened on its own is a document.
 */
function isBuildScriptOrStyle(url: string): boolean {
  return url.startsWith('/assets/') && /\.(?:js|css)(?:\?|$)/.test(url);
}

/** What a hashed script or stylesheet needs: no sniffing, no other site's embedding. */
const SCRIPT_HEADERS: ReadonlyArray<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/**
 * Helmet's headers (CSP, HSTS, frame and referrer policies, …), worked out once at start and
 * set on every page and file; API answers and the build's scripts and styles get their short
 * sets above plus HSTS. Helmet itself
 * rebuilds them on every request (its Fastify plugin calls helmet(options) per request, which
 * parses the CSP directives again): about 6 % of a cached answer's time. Our policy has no
 * per-request part (no nonces), so one computation serves all. Set on the raw response, as the
 * plugin did, so a route's own header (an upload's stricter CSP) still replaces it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const documentHeaders = securityHeaders(options);
  const hsts = documentHeaders.filter(([name]) => name.toLowerCase() === 'strict-transport-security');
  const apiHeaders = [...API_HEADERS, ...hsts];
  const scriptHeaders = [...SCRIPT_HEADERS, ...hsts];
  const headersFor = (url: string) => (isApiAnswer(url) ? apiHeaders : isBuildScriptOrStyle(url) ? scriptHeaders : documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.url)) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets for these options, in the order it sets them. */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string) {
      headers.set(name, value);
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

/** The CSP source that lets exactly this inline script run ('sha256-…' of its text). */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
