import { adminNewsItemDto, adminNewsListQuery, articleStatusNames, listOf, type AdminNewsItemDto, type ArticleStatus } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { listArticles } from './admin-service.js';
import { toAdminNewsItemDto } from './dto.js';
import { ARTICLE as TARGET } from './route-parts.js';

/** 文章管理's table columns (the cover picture left out). */
const exportColumns: readonly ExportColumn<AdminNewsItemDto>[] = [
  { header: '标题', width: 48, cell: (n) => n.Title },
  { header: '所属栏目', width: 16, cell: (n) => n.MenuName },
  { header: '状态', width: 12, cell: (n) => articleStatusNames[n.Status as ArticleStatus] ?? String(n.Status) },
  { header: '置顶', width: 8, cell: (n) => (n.IsTop ? '是' : '否') },
  { header: '会员可读', width: 10, cell: (n) => (n.IsMemberRead ? '是' : '否') },
  { header: '作者', width: 14, cell: (n) => n.Author },
  { header: '阅读量', width: 10, cell: (n) => n.Views },
  { header: '发布时间', width: 20, cell: (n) => n.NewsCreateTime },
  { header: '定时下线', width: 20, cell: (n) => n.OfflineTime },
];

/** 文章管理's list (spec §7 GetNewsList under /api/XfSysBussiness/) and its export. */
export async function newsListAdmin(app: App): Promise<void> {
  const { database, config } = app.services;

  app.get(
    '/GetNewsList',
    {
      onRequest: requireAdmin('content:news:list', 'content:position:add'),
      schema: {
        ...contentAdminDocs,
        summary: '文章列表（全部状态；按标题、栏目及其下级、状态、置顶、会员可读、发布日期筛选）',
        querystring: adminNewsListQuery,
        'x-data': listOf(adminNewsItemDto),
      },
    },
    async (request) => {
      const { pageindex, pagesize, ...filter } = request.query;
      const page = await listArticles(database, filter, { pageindex, pagesize });
      return list(
        page.items.map((i) => toAdminNewsItemDto(i, config.assetBaseUrl)),
        page.total,
      );
    },
  );

  app.get(
    '/ExportNewsList',
    {
      onRequest: requireAdmin('content:news:export'),
      schema: {
        ...contentAdminDocs,
        summary: '导出文章列表（筛选同 GetNewsList，分页参数不用）为 .xlsx（流式输出）',
        querystring: adminNewsListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { pageindex: _index, pagesize: _size, ...filter } = request.query;
      return sendListExport(request, reply, {
        permission: 'content:news:export',
        target: TARGET,
        title: '文章列表',
        asciiName: 'news.xlsx',
        columns: exportColumns,
        read: async (page) => (await listArticles(database, filter, page)).items.map((i) => toAdminNewsItemDto(i, config.assetBaseUrl)),
      });
    },
  );
}
