import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, codeMessages, contentMessages, messages } from '@portal/shared';
import { storageOutageLog, StorageUnwritable } from '../storage/unwritable.js';
import { AppError, type Envelope } from './envelope.js';
import { answeringUnavailable, isDatabaseUnavailable, OutageReporter } from './database-outage.js';

/**
 * One place maps every failure to the envelope: business errors and validation answer HTTP 200
 * with their Code; transport failures keep their HTTP status; anything unexpected is logged
 * with the request id and answered with the generic message, never a stack trace.
 */
/** Answers a request no route matched (resolving true), or resolves false to let the envelope 404 answer it. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
/** Answers a page request that met the database away with the site's own page (resolving true), or resolves false to let the envelope answer it. */
export type PageOutage = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandling(app: FastifyInstance, pageFallback?: PageFallback, pageOutage?: PageOutage): void {
  const { database, storage, privateStorage, now } = app.services;
  const outages = new OutageReporter(database, app.log, now);
  const storageOutages = storageOutageLog([storage, privateStorage], app.log, now);
  app.addHook('onClose', async () => {
    outages.stop();
    storageOutages.stop();
  });
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      outages.report(error);
      // A page a visitor opened is answered as a page (its kept copy, or 系统维护中 drawn as the site).
      if (await pageOutage?.(request, reply)) return reply;
      return answeringUnavailable(reply).send({ Code: Code.Unavailable, Message: codeMessages[503], Data: null } satisfies Envelope);
    }
    if (error instanceof StorageUnwritable) {
      // The server's storage, not the request, is at fault: Code 500, but words that say whom to tell.
      storageOutages.report(error);
      const message = error.reason === 'full' ? contentMessages.storageFull : contentMessages.storageReadOnly;
      return reply.status(200).send({ Code: Code.Error, Message: message, Data: null } satisfies Envelope);
    }
    if (error instanceof AppError) {
      return reply.status(200).send({ Code: error.code, Message: error.message, Data: error.data } satisfies Envelope);
    }
    if (error.validation) {
      const first = error.validation[0];
      const message = first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : messages.badParameter;
      return reply.status(200).send({ Code: Code.BadRequest, Message: message, Data: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ Code: 413, Message: messages.payloadTooLarge, Data: null });
    }
    if (status === 429) {
      return reply.status(429).send({ Code: Code.TooMany, Message: messages.tooManyRequests, Data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type and the like: the client's fault, said plainly.
      return reply.status(status).send({ Code: status, Message: messages.badParameter, Data: null });
    }
    request.log.error({ err: { type: error.name, message: error.message, code: error.code } }, 'unhandled error');
    return reply.status(200).send({ Code: Code.Error, Message: codeMessages.default, Data: null });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await pageFallback?.(request, reply)) return reply;
    return reply.status(404).send({ Code: Code.NotFound, Message: codeMessages[404], Data: null } satisfies Envelope);
  });
}
