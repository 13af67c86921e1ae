import { listOf, loginLogDto, loginLogListQuery, type LoginLogDto, type LoginLogListQuery } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { requireAdmin } from '../auth/guard.js';
import { list } from '../../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../../http/xlsx-export.js';
import { sendListExport } from '../list-export.js';
import { adminDocs } from '../docs.js';
import { toLoginLogDto } from './dto.js';
import { listLoginLog, type LoginLogFilter } from './login-log.js';

/** 登录日志's table columns. */
const exportColumns: readonly ExportColumn<LoginLogDto>[] = [
  { header: '时间', width: 20, cell: (l) => l.CreateTime },
  { header: '类型', width: 8, cell: (l) => l.KindName },
  { header: '账号', width: 16, cell: (l) => l.Account },
  { header: '结果', width: 8, cell: (l) => (l.Result === 1 ? '成功' : '失败') },
  { header: '说明', width: 30, cell: (l) => l.Detail },
  { header: 'IP', width: 16, cell: (l) => l.Ip },
  { header: '浏览器', width: 60, cell: (l) => l.UserAgent },
];

/** The query of GetLoginLogList and its export, as the service filters. */
const filterOf = (q: LoginLogListQuery): LoginLogFilter => ({
  account: q.account,
  kind: q.kind,
  ok: q.result === undefined ? undefined : q.result === 1,
  start: q.start,
  end: q.end,
});

/** 登录日志 (read-only) and its export; our addition (等保 2.0). */
export async function loginLogRoutes(app: App): Promise<void> {
  const { database } = app.services;

  app.get(
    '/GetLoginLogList',
    {
      onRequest: requireAdmin('system:loginlog:list'),
      schema: {
        ...adminDocs,
        summary: '登录日志（后台与会员的每次登录，分页，按账号、类型、结果、日期范围筛选）',
        querystring: loginLogListQuery,
        'x-data': listOf(loginLogDto),
      },
    },
    async (request) => {
      const page = await listLoginLog(database.db, filterOf(request.query), request.query);
      return list(page.items.map(toLoginLogDto), page.total);
    },
  );

  app.get(
    '/ExportLoginLogList',
    {
      onRequest: requireAdmin('system:loginlog:export'),
      schema: {
        ...adminDocs,
        summary: '导出登录日志（筛选同 GetLoginLogList，分页参数不用）为 .xlsx（流式输出）',
        querystring: loginLogListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      return sendListExport(request, reply, {
        permission: 'system:loginlog:export',
        target: '登录日志',
        title: '登录日志',
        asciiName: 'login-log.xlsx',
        columns: exportColumns,
        read: async (page) => (await listLoginLog(database.db, filter, page)).items.map(toLoginLogDto),
      });
    },
  );
}
