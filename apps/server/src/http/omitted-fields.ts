import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Code, idParam } from '@portal/shared';
import { AppError } from './envelope.js';

/** A record as its read call answers it (a DTO), under the names of the call's body. */
export type StoredFields = object;

/** The body as the client sent it, its names already in the schema's spelling (params.ts). */
type SentBody = Record<string, unknown>;

/**
 * Save and Edit calls create a record (id 0 or absent) or edit one. On an edit, a field the request
 * leaves out keeps its stored value; a field sent empty is sent, and clears where the schema
 * allows. Without this, every default of a body schema (text '', numbers 0, switches off, lists
 * empty) stood in for what a client had not sent: EditMemberInfo from a client that did not know
 * the membership fields cleared 入会日期 and 有效期至 and set 注册资本 to 0 (issue 51).
 *
 * The hook fills, before validation, each field the route's body schema declares and the body
 * lacks from the record as `read` answers it: what a client sending the whole form back would
 * have sent. So a schema's defaults apply to a new record only, every rule across fields is
 * checked against the record as it will be stored, and the services write whole records as
 * before. It runs after the guard (onRequest), and after the global hooks that put names in
 * the schema's spelling and refuse control characters (route hooks run last). A record that
 * is not there (`read` answers undefined or 404) fills nothing: the call then answers its own 404,
 * audited as usual.
 *
 *   app.post('/SaveBanner', { onRequest, preValidation: keepOmittedFields('Id', (id) => …), schema }, handler)
 *
 * `idField` names the body's id; `read` may look at the request and the rest of the body (the
 * member making the call, the page a certificate is edited from).
 */
export function keepOmittedFields(
  idField: string,
  read: (id: number, request: FastifyRequest, body: SentBody) => Promise<StoredFields | undefined>,
): preValidationAsyncHookHandler {
  return async function keepOmitted(request) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const sent = body as SentBody;
    // A malformed id is left to the schema to refuse.
    const id = idParam.safeParse(sent[idField]).data;
    if (id === undefined) return;
    const stored = await read(id, request, sent).catch((error: unknown) => {
      if (error instanceof AppError && error.code === Code.NotFound) return undefined;
      throw error;
    });
    if (!stored) return;
    const values = stored as Record<string, unknown>;
    for (const key of declaredFields(request)) if (!(key in sent) && key in values) sent[key] = values[key];
  };
}

/** The fields the route's body schema (a zod object) declares. */
function declaredFields(request: FastifyRequest): string[] {
  const schema = request.routeOptions.schema as { body?: { shape?: Record<string, unknown> } } | undefined;
  return Object.keys(schema?.body?.shape ?? {});
}
