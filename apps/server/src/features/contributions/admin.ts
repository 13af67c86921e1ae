import { z } from 'zod';
import { auditContributionBody, contributionDetailDto, contributionMessages, idParam } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { toContributionChainStepDto } from '../review/dto.js';
import { adminDocs, CONTRIBUTION as TARGET } from './docs.js';
import { toContributionDetailDto } from './review-dto.js';
import { decideContribution, readContribution, reviewHistory } from './review.js';
import { mailContext } from '../mail/context.js';

const idParams = z.object({ id: idParam });
const notContribution = { 404: contributionMessages.notContribution };

/** 投稿审核: one contribution with its history, and the decision (the queue in list-admin.ts). */
export async function contributionsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetContribution/:id',
    {
      onRequest: requireAdmin('member:contribution:list'),
      schema: {
        ...adminDocs,
        summary: '投稿详情：正文（敏感词高亮）与审核记录',
        params: idParams,
        'x-data': contributionDetailDto,
        'x-codes': notContribution,
      },
    },
    async (request) => {
      const contribution = await readContribution(database, request.params.id);
      const [history, chainStep] = await Promise.all([
        reviewHistory(database.db, contribution.id),
        toContributionChainStepDto(database.db, contribution.id, currentAdmin(request)),
      ]);
      return ok(await toContributionDetailDto(database, contribution, history, chainStep, config.assetBaseUrl));
    },
  );

  app.post(
    '/AuditContribution',
    {
      onRequest: requireAdmin('member:contribution:audit'),
      schema: {
        ...adminDocs,
        summary: '审核投稿：Decision 1 通过（发布）或 2 驳回（需 Reason）；可先修改 Title、NewContent',
        body: auditContributionBody,
        'x-data': z.int().describe('文章编号'),
        'x-codes': notContribution,
      },
    },
    async (request) => {
      const body = request.body;
      const decided = await adminWrite(
        request,
        {
          action: 'member:contribution:audit',
          target: TARGET,
          targetId: body.NewsId,
          detail: (c) => `${c.title}（${body.Decision === 1 ? '通过' : `驳回：${body.Reason}`}）`,
        },
        () => decideContribution(database, body, currentAdmin(request), { now: now(), revisionsKept: config.newsRevisionsKept, mail: mailContext(request) }),
      );
      return ok(decided.id);
    },
  );
}
