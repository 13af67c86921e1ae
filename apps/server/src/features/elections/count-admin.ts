import { electionIdBody, electionIdQuery, electionResultDto, electionVerificationDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { TARGET } from './audit-names.js';
import { closeElection, dropBallotHistory, electionResult, verifyElection } from './count.js';
import { adminDocs, electionMissing } from './docs.js';

/** 换届选举's close and count (计票), the 计票单's data and the verification of the published count. */
export async function electionCountAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.post(
    '/CloseElection',
    {
      onRequest: requireAdmin('member:election:close'),
      schema: {
        ...adminDocs,
        summary: '关闭选举并计票（投票截止后）：选票按随机编号排成哈希链，公布计票结果、链头与选票数；此后选票不能再改',
        body: electionIdBody,
        'x-data': electionResultDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'member:election:close', target: TARGET, targetId: id, detail: (e) => `${e.title} 共${e.ballot_count}票` }, () =>
        closeElection(database, id, now()),
      );
      await dropBallotHistory(database).catch((error: unknown) =>
        request.log.warn({ err: error }, 'VACUUM FULL after closing an election failed: earlier row versions stay until autovacuum'),
      );
      return ok(await electionResult(db, id));
    },
  );

  app.get(
    '/GetElectionResult',
    {
      onRequest: requireAdmin('member:election:list'),
      schema: {
        ...adminDocs,
        summary: '计票单：各候选人得票、投票率、是否达到法定人数、当选名单、链头与选票数（选举结束后）',
        querystring: electionIdQuery,
        'x-data': electionResultDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => ok(await electionResult(db, request.query.id)),
  );

  app.get(
    '/VerifyElection',
    {
      onRequest: requireAdmin('member:election:list'),
      schema: {
        ...adminDocs,
        summary: '核验计票：重新计算哈希链与票数，与结束时公布的链头、选票数和得票比对，列出不符之处',
        querystring: electionIdQuery,
        'x-data': electionVerificationDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => ok(await verifyElection(db, request.query.id)),
  );
}
