import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { extensionOf, uploadRules } from './checks.js';
import { originalName } from './records.js';

/** Files a reader saves rather than looks at: attachments and media (pictures are only shown, and asked for most often). */
const saved = new Set<string>([...uploadRules.file.extensions, ...uploadRules.media.extensions]);

/**
 * An onSend hook for the public uploads (/uploads/…): an attachment or media file is sent
 * with the name it was uploaded under (records.ts), so a visitor who saves an article's
 * attachment gets '会议通知.docx' rather than the random stored name. `inline` keeps what the
 * browser can show (a PDF, a video) in the browser.
 */
export function namedUploads(database: Database) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 206) return payload;
    const stored = decodeURIComponent(request.url.split('?')[0] ?? '');
    if (!saved.has(extensionOf(stored))) return payload;
    reply.header('content-disposition', contentDisposition(await originalName(database, stored), { type: 'inline' }));
    return payload;
  };
}
