import { z } from 'zod';
import { electionDetailDto, electionDto, electionIdBody, electionIdQuery, electionListQuery, listOf, saveElectionBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { describeElection as describe, TARGET } from './audit-names.js';
import { adminDocs, electionMissing } from './docs.js';
import { candidatesOf, deleteElection, findElection, listElections, saveElection, storedElectionBody, toElectionDto } from './service.js';

/**
 * 会员管理 → 换届选举 under /api/XfSysBussiness/: the elections and their rules. The candidates,
 * the roll and the count have their own tables (candidates-admin.ts, roll-admin.ts,
 * count-admin.ts). Every write is audited through adminWrite; no call reads a ballot with its
 * voter, because no stored row joins them.
 */
export async function electionsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetElectionList',
    {
      onRequest: requireAdmin('member:election:list'),
      schema: { ...adminDocs, summary: '换届选举列表（最新在前，可按名称筛选）', querystring: electionListQuery, 'x-data': listOf(electionDto) },
    },
    async (request) => {
      const page = await listElections(db, request.query, now());
      return list(page.items, page.total);
    },
  );

  app.get(
    '/GetElection',
    {
      onRequest: requireAdmin('member:election:list'),
      schema: {
        ...adminDocs,
        summary: '一次选举：规则、进度与候选人（含提名数；结束后含得票）',
        querystring: electionIdQuery,
        'x-data': electionDetailDto,
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const e = await findElection(db, request.query.id);
      return ok({ ...(await toElectionDto(db, e, now())), Candidates: await candidatesOf(db, e.id) });
    },
  );

  app.post(
    '/SaveElection',
    {
      onRequest: requireAdmin('member:election:add', 'member:election:edit'),
      preValidation: keepOmittedFields('Id', (id) => storedElectionBody(db, id, now())),
      schema: {
        ...adminDocs,
        summary:
          '新增（Id 为 0）或修改选举：应选名额、每票最多可选人数（不超过名额）、提名与投票时间、法定人数（票数或名册比例）、当选比例、选民范围（会员等级与会籍状态）；名单冻结或候选人确认后只能改名称与说明；未传的字段保持原值',
        body: saveElectionBody,
        'x-data': z.int().describe('选举编号'),
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'member:election:edit' : 'member:election:add', target: TARGET, targetId: (e) => e.id, detail: describe },
        () => saveElection(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelElection',
    {
      onRequest: requireAdmin('member:election:delete'),
      schema: { ...adminDocs, summary: '删除选举（选民名单冻结前）', body: electionIdBody, 'x-codes': electionMissing },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'member:election:delete', target: TARGET, targetId: id, detail: describe }, () => deleteElection(database, id));
      return ok(null);
    },
  );
}
