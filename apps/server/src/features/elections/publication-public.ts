import { electionPublicationDto, electionPublicationQuery, receiptCheckDto, receiptCheckQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { checkReceipt, electionPublication } from './count.js';
import { memberDocs, electionMissing } from './docs.js';

/** What anyone may read of a closed election under /api/XfWebApi/: the count, the ballot hashes, a receipt's place among them. */
export async function electionPublicationPublic(app: App): Promise<void> {
  const { db } = app.services.database;

  app.get(
    '/GetElectionPublication',
    {
      schema: {
        ...memberDocs,
        summary: '选举结束后公布的计票结果、链头、选票数与全部选票哈希（按链的顺序）',
        querystring: electionPublicationQuery,
        'x-data': electionPublicationDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => ok(await electionPublication(db, request.query.electionid)),
  );

  app.get(
    '/CheckElectionReceipt',
    {
      schema: {
        ...memberDocs,
        summary: '核对回执码：该选票是否在公布的选票哈希中、第几张、其哈希与前一哈希（不答复所选内容）',
        querystring: receiptCheckQuery,
        'x-data': receiptCheckDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => ok(await checkReceipt(db, request.query.electionid, request.query.receipt)),
  );
}
