import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import { memberMessages } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { notFound } from '../../http/envelope.js';
import { extensionOf } from '../uploads/checks.js';
import { originalName } from '../uploads/records.js';

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
};

/** Sends a membership application's attachment as a download under its original name. */
export async function sendAttachment(services: Services, reply: FastifyReply, stored: string): Promise<FastifyReply> {
  const file = services.privateStorage.fileOf(stored) ?? services.storage.fileOf(stored);
  if (!file || !fs.existsSync(file)) throw notFound(memberMessages.attachmentMissing);
  return reply
    .header('Content-Type', contentTypes[extensionOf(stored)] ?? 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(await originalName(services.database, stored)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(fs.createReadStream(file));
}
