import type { FastifyInstance } from 'fastify';
import { messages } from '@portal/shared';
import { badRequest } from './envelope.js';

/**
 * Control characters have no business in any parameter: a NUL byte makes PostgreSQL refuse the
 * whole statement, and the others end up in stored text, logs and links. One check before
 * validation covers every route, including those added later, with a clear Code 400.
 *
 * Bodies may keep tab, line feed and carriage return (multi-line text and rich text);
 * query strings and path parameters may not.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const inLine = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const inText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether any string in a parsed value (keys included) matches; iterative, so no nesting depth overflows the stack. */
export function holdsControlCharacter(value: unknown, pattern: RegExp): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (pattern.test(next)) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (pattern.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsControlCharacter(request.query, inLine) || holdsControlCharacter(request.params, inLine) || holdsControlCharacter(request.body, inText)) {
      throw badRequest(messages.controlCharacters);
    }
  });
}
