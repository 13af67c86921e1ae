import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { publicDocs } from './docs.js';
import { PIXEL_GIF, recordOpen } from './opens.js';

const openQuery = z.object({ t: z.string().max(200).default('') });

/** A tracked mailing's picture (opens.ts): always the same transparent GIF, never cached, so each open asks. */
export async function mailingOpensPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  app.get(
    '/MailOpened',
    {
      schema: {
        ...publicDocs,
        summary: '打开跟踪的邮件图片（1×1 透明 GIF）：开启打开跟踪时发出的群发邮件带有它，取图时记下该收件人首次打开的时间',
        querystring: openQuery,
        'x-file': 'image/gif',
      },
    },
    async (request, reply) => {
      await recordOpen(database.db, request.query.t, now());
      return reply.type('image/gif').header('Cache-Control', 'no-store').send(PIXEL_GIF);
    },
  );
}
