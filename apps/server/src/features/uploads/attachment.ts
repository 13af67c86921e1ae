import type { FastifyReply } from 'fastify';
import { memberMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { notFound } from '../../http/envelope.js';
import { contentTypeOf, storageOf } from '../../storage/storage.js';
import { originalName } from './records.js';

/** Sends a membership application's attachment as a download under its original name. */
export async function sendAttachment(services: Services, reply: FastifyReply, stored: string): Promise<FastifyReply> {
  const name = await originalName(services.database, stored);
  const body = await storageOf([services.privateStorage, services.storage], stored)?.stream(stored);
  if (!body) throw notFound(memberMessages.attachmentMissing);
  return reply
    .header('Content-Type', contentTypeOf(stored))
    .header('Content-Disposition', contentDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}
