import { articleStatusNames, contributionListItemDto, contributionListQuery, listOf, type ArticleStatus, type ContributionListItemDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { adminDocs, CONTRIBUTION as TARGET } from './docs.js';
import { toContributionListItemDto } from './review-dto.js';
import { listContributions } from './review.js';

/** 投稿审核's table columns. */
const exportColumns: readonly ExportColumn<ContributionListItemDto>[] = [
  { header: '标题', width: 48, cell: (c) => c.Title },
  { header: '投稿单位', width: 36, cell: (c) => `${c.MemberName}（${c.Account}）` },
  { header: '栏目', width: 16, cell: (c) => c.MenuName },
  { header: '提交时间', width: 20, cell: (c) => c.SubmitTime },
  { header: '状态', width: 12, cell: (c) => articleStatusNames[c.Status as ArticleStatus] ?? String(c.Status) },
  { header: '敏感词', width: 30, cell: (c) => c.SensitiveWords.map((w) => `${w.Word}×${w.Count}`).join('，') },
];

/** 投稿审核's queue: the list of contributions and its export. */
export async function contributionListAdmin(app: App): Promise<void> {
  const { database } = app.services;

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
}
