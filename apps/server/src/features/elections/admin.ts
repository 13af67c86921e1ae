import { z } from 'zod';
import {
  candidateIdBody,
  electionDetailDto,
  electionDto,
  electionIdBody,
  electionIdQuery,
  electionListQuery,
  electionMessages,
  electionResultDto,
  electionRollQuery,
  electionVerificationDto,
  electionVoterDto,
  listOf,
  saveCandidateBody,
  saveElectionBody,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { closeElection, electionResult, verifyElection } from './count.js';
import { adminDocs } from './docs.js';
import { freezeRoll, readRoll, rollColumns } from './roll.js';
import {
  candidatesOf,
  confirmCandidates,
  deleteCandidate,
  deleteElection,
  findElection,
  listElections,
  saveCandidate,
  saveElection,
  storedCandidateBody,
  storedElectionBody,
  toElectionDto,
} from './service.js';

const TARGET = '换届选举';
const CANDIDATE = '选举候选人';
const electionMissing = { 404: electionMessages.notFound };
const describe = (e: { title: string }) => e.title;

/**
 * 会员管理 → 换届选举 under /api/XfSysBussiness/: the election's rules, its candidates, the
 * roll, the close and the count. Every write is audited through adminWrite; none of these calls
 * reads a ballot with its voter, because no stored row joins them.
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

  app.post(
    '/SaveElectionCandidate',
    {
      onRequest: requireAdmin('member:election:candidates'),
      preValidation: keepOmittedFields('Id', (id) => storedCandidateBody(db, id)),
      schema: {
        ...adminDocs,
        summary: '新增（Id 为 0）或修改候选人：姓名、简介、照片（上传的图片）、是否列入选票（采纳会员提名即置 Included 为 1）；候选人名单确认后不能修改',
        body: saveCandidateBody,
        'x-data': z.int().describe('候选人编号'),
        'x-codes': { 404: `${electionMessages.notFound}；${electionMessages.candidateNotFound}` },
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(request, { action: 'member:election:candidates', target: CANDIDATE, targetId: (c) => c.id, detail: (c) => c.name }, () =>
        saveCandidate(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelElectionCandidate',
    {
      onRequest: requireAdmin('member:election:candidates'),
      schema: {
        ...adminDocs,
        summary: '删除候选人（及提名他的提名记录）；候选人名单确认后不能删除',
        body: candidateIdBody,
        'x-codes': { 404: electionMessages.candidateNotFound },
      },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'member:election:candidates', target: CANDIDATE, targetId: id, detail: (c) => c.name }, () =>
        deleteCandidate(database, id),
      );
      return ok(null);
    },
  );

  app.post(
    '/ConfirmElectionCandidates',
    {
      onRequest: requireAdmin('member:election:candidates'),
      schema: {
        ...adminDocs,
        summary: '确认候选人名单（提名截止后；至少一名列入选票的候选人）：此后候选人不能再改，会员可以投票',
        body: electionIdBody,
        'x-codes': electionMissing,
      },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'member:election:candidates', target: TARGET, targetId: id, detail: (e) => `${e.title} 确认候选人名单` }, () =>
        confirmCandidates(database, id, now()),
      );
      return ok(null);
    },
  );

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
