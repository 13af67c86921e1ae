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
    if (schema.querystring) request.query = renameKeys(request.query, schemaKeys(schema.querystring));
    if (schema.body) request.body = renameKeys(request.body, schemaKeys(schema.body));
  });
}

function schemaKeys(schema: unknown): Map<string, string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  const keys = new Map<string, string>();
  for (const key of Object.keys(shape ?? {})) keys.set(key.toLowerCase(), key);
  return keys;
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
