import { z } from 'zod';
import { auditContributionBody, contributionListQuery, idParam } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../../http/admin-auth.js';
import { list, ok } from '../../http/envelope.js';
import { adminDocs } from './docs.js';
import { toContributionDetailDto, toContributionListItemDto } from './review-dto.js';
import { decideContribution, listContributions, readContribution, reviewHistory } from './review.js';

const TARGET = '投稿';
const idParams = z.object({ id: idParam });

/** 投稿审核: the review queue, one contribution with its history, and the decision. */
export async function contributionsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetContributionList',
    { onRequest: requireAdmin('member:contribution:list'), schema: { ...adminDocs, summary: '投稿列表（状态、栏目、标题或单位、提交日期范围），含敏感词标记', querystring: contributionListQuery } },
    async (request) => {
      const { status, menuid, key, start, end, ...paging } = request.query;
      const page = await listContributions(database, { status, menuid, key, start, end }, paging);
      return list(await Promise.all(page.items.map((c) => toContributionListItemDto(database, c))), page.total);
    },
  );

  app.get(
    '/GetContribution/:id',
    { onRequest: requireAdmin('member:contribution:list'), schema: { ...adminDocs, summary: '投稿详情：正文（敏感词高亮）与审核记录', params: idParams } },
    async (request) => {
      const contribution = await readContribution(database, request.params.id);
      return ok(await toContributionDetailDto(database, contribution, await reviewHistory(database.db, contribution.id), config.assetBaseUrl));
    },
  );

  app.post(
    '/AuditContribution',
    {
      onRequest: requireAdmin('member:contribution:audit'),
      schema: { ...adminDocs, summary: '审核投稿：Decision 1 通过（发布）或 2 驳回（需 Reason）；可先修改 Title、NewContent', body: auditContributionBody },
    },
    async (request) => {
      const body = request.body;
      const decided = await adminWrite(
        request,
        { action: 'member:contribution:audit', target: TARGET, targetId: body.NewsId, detail: (c) => `${c.title}（${body.Decision === 1 ? '通过' : `驳回：${body.Reason}`}）` },
        () => decideContribution(database, body, currentAdmin(request), now()),
      );
      return ok(decided.id);
    },
  );
}
