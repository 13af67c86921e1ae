import { z } from 'zod';
import { electionIdBody, electionRollQuery, electionVoterDto, listOf } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { TARGET } from './audit-names.js';
import { adminDocs, electionMissing } from './docs.js';
import { freezeRoll, readRoll, rollColumns } from './roll.js';
import { findElection } from './service.js';

/** 换届选举's roll (选民名单): frozen once, listed and exported, showing who voted and never how. */
export async function electionRollAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.post(
    '/FreezeElectionRoll',
    {
      onRequest: requireAdmin('member:election:roll'),
      schema: {
        ...adminDocs,
        summary: '冻结选民名单（投票开始前，一次）：此刻符合等级与会籍状态的会员成为选民',
        body: electionIdBody,
        'x-data': z.int().describe('选民人数'),
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const id = request.body.Id;
      const e = await adminWrite(
        request,
        { action: 'member:election:roll', target: TARGET, targetId: id, detail: (r) => `${r.title} 冻结选民名单${r.roll_size}人` },
        () => freezeRoll(database, id, now()),
      );
      return ok(e.roll_size);
    },
  );

  app.get(
    '/GetElectionRoll',
    {
      onRequest: requireAdmin('member:election:list'),
      schema: {
        ...adminDocs,
        summary: '选民名单（会员顺序，可按是否已投票、名称或账号筛选）：只记是否投票，不记投给谁',
        querystring: electionRollQuery,
        'x-data': listOf(electionVoterDto),
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const page = await readRoll(db, request.query);
      return list(page.items, page.total);
    },
  );

  app.get(
    '/ExportElectionRoll',
    {
      onRequest: requireAdmin('member:election:export'),
      schema: {
        ...adminDocs,
        summary: '导出选民名单（筛选条件同 GetElectionRoll）为 .xlsx',
        querystring: electionRollQuery,
        ...xlsxAnswer,
        'x-codes': electionMissing,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const e = await findElection(db, query.electionid);
      return sendListExport(request, reply, {
        permission: 'member:election:export',
        target: TARGET,
        title: `${e.title}-选民名单`,
        asciiName: 'election-roll.xlsx',
        columns: rollColumns,
        read: async (page) => (await readRoll(db, { ...query, ...page })).items,
      });
    },
  );
}
