import { z } from 'zod';
import {
  articleStatusNames,
  auditContributionBody,
  contributionDetailDto,
  contributionListItemDto,
  contributionListQuery,
  contributionMessages,
  idParam,
  listOf,
  type ArticleStatus,
  type ContributionListItemDto,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { toContributionChainStepDto } from '../review/dto.js';
import { adminDocs } from './docs.js';
import { toContributionDetailDto, toContributionListItemDto } from './review-dto.js';
import { decideContribution, listContributions, readContribution, reviewHistory } from './review.js';
import { mailContext } from '../mail/context.js';

const TARGET = '投稿';
const idParams = z.object({ id: idParam });
const notContribution = { 404: contributionMessages.notContribution };

/** 投稿审核's table columns. */
const exportColumns: readonly ExportColumn<ContributionListItemDto>[] = [
  { header: '标题', width: 48, cell: (c) => c.Title },
  { header: '投稿单位', width: 36, cell: (c) => `${c.MemberName}（${c.Account}）` },
  { header: '栏目', width: 16, cell: (c) => c.MenuName },
  { header: '提交时间', width: 20, cell: (c) => c.SubmitTime },
  { header: '状态', width: 12, cell: (c) => articleStatusNames[c.Status as ArticleStatus] ?? String(c.Status) },
  { header: '敏感词', width: 30, cell: (c) => c.SensitiveWords.map((w) => `${w.Word}×${w.Count}`).join('，') },
];

/** 投稿审核: the review queue, one contribution with its history, and the decision. */
export async function contributionsAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetContributionList',
    {
      onRequest: requireAdmin('member:contribution:list'),
      schema: {
        ...adminDocs,
        summary: '投稿列表（状态、栏目、标题或单位、提交日期范围），含敏感词标记',
        querystring: contributionListQuery,
        'x-data': listOf(contributionListItemDto),
      },
    },
    async (request) => {
      const { status, menuid, key, start, end, ...paging } = request.query;
      const page = await listContributions(database, { status, menuid, key, start, end }, paging);
      return list(await Promise.all(page.items.map((c) => toContributionListItemDto(database, c))), page.total);
    },
  );

  app.get(
    '/ExportContributionList',
    {
      onRequest: requireAdmin('member:contribution:export'),
      schema: {
        ...adminDocs,
        summary: '导出投稿列表（筛选同 GetContributionList，分页参数不用）为 .xlsx（流式输出）',
        querystring: contributionListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { status, menuid, key, start, end } = request.query;
      return sendListExport(request, reply, {
        permission: 'member:contribution:export',
        target: TARGET,
        title: '投稿列表',
        asciiName: 'contributions.xlsx',
        columns: exportColumns,
        read: async (page) =>
          Promise.all((await listContributions(database, { status, menuid, key, start, end }, page)).items.map((c) => toContributionListItemDto(database, c))),
      });
    },
  );

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
