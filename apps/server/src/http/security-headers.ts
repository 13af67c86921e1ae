import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers (CSP, HSTS, frame and referrer policies, …), worked out once at start and
 * set on every answer. Helmet itself rebuilds them on every request (its Fastify plugin calls
 * helmet(options) per request, which parses the CSP directives again): about 6 % of a cached
 * answer's time. Our policy has no per-request part (no nonces), so one computation serves all.
 * Set on the raw response, as the plugin did, so a route's own header (an upload's stricter
 * CSP) still replaces it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
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
