import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The original .NET backend matched parameter names case-insensitively (`PageIndex` =
 * `pageindex`), and the spec's client relies on it. Before validation, each incoming key
 * is renamed to the spelling the route's schema declares.
 */
export function registerCaseInsensitiveParams(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema as { querystring?: unknown; body?: unknown } | undefined;
    if (!schema) return;
    if (schema.querystring) request.query = inDeclaredSpelling(request.query, schema.querystring);
    if (schema.body) request.body = inDeclaredSpelling(request.body, schema.body);
  });
}

/** Each schema's names by their lower case, worked out once per schema (every request asks). */
const declaredNames = new WeakMap<object, Map<string, string>>();

function schemaKeys(schema: object): Map<string, string> {
  let keys = declaredNames.get(schema);
  if (keys) return keys;
  keys = new Map();
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  for (const key of Object.keys(shape ?? {})) keys.set(key.toLowerCase(), key);
  declaredNames.set(schema, keys);
  return keys;
}

/** The input's keys renamed to the spelling the (zod object) schema declares; other keys stay as they are. */
export function inDeclaredSpelling(input: unknown, schema: unknown): unknown {
  return typeof schema === 'object' && schema !== null ? renameKeys(input, schemaKeys(schema)) : input;
}

function renameKeys(input: unknown, keys: Map<string, string>): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || keys.size === 0) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const declared = keys.get(key.toLowerCase()) ?? key;
    // An exact spelling wins over a case variant of the same name.
    if (declared in out && key !== declared) continue;
    out[declared] = value;
  }
  return out;
}

/** An address's path and its query string (without the `?`; empty when it has none). */
export function pathAndQuery(address: string): [path: string, query: string] {
  const at = address.indexOf('?');
  return at === -1 ? [address, ''] : [address.slice(0, at), address.slice(at + 1)];
}
