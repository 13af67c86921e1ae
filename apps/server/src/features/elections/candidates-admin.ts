import { z } from 'zod';
import { candidateIdBody, electionIdBody, electionMessages, saveCandidateBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { CANDIDATE, TARGET } from './audit-names.js';
import { adminDocs, electionMissing } from './docs.js';
import { confirmCandidates, deleteCandidate, saveCandidate, storedCandidateBody } from './service.js';

/** 换届选举's candidates: added, accepted from nominations, edited, removed, then confirmed. */
export async function electionCandidatesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

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
}
