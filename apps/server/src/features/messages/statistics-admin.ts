import { messageBoardMessages, messageStatisticsDto, messageStatisticsQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { adminDocs } from './docs.js';
import { toStatisticsDto } from './dto.js';
import { messageStatistics, type Figures } from './statistics.js';

type Line = Figures & { group: string };

const columns: readonly ExportColumn<Line>[] = [
  { header: '分组', width: 8, cell: (l) => l.group },
  { header: '名称', width: 20, cell: (l) => l.name },
  { header: '收到', width: 10, cell: (l) => l.received },
  { header: '已答复', width: 10, cell: (l) => l.answered },
  { header: '超期', width: 10, cell: (l) => l.overdue },
  { header: '平均答复用时（工作日）', width: 22, cell: (l) => l.averageWorkingDays },
];

const summary = '留言统计：所选月份（start、end 为 yyyy-MM，缺省本月，至多36个月）逐月及按类别、部门的收到、已答复、超期条数与平均答复用时（工作日）';

/** 留言统计 and its .xlsx (docs/api.md, "在线留言 in the back office"). */
export async function messageStatisticsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetMessageStatistics',
    {
      onRequest: requireAdmin('message:stats'),
      schema: {
        ...adminDocs,
        summary,
        querystring: messageStatisticsQuery,
        'x-data': messageStatisticsDto,
        'x-codes': { 400: messageBoardMessages.monthRange },
      },
    },
    async (request) => ok(toStatisticsDto(await messageStatistics(database.db, request.query, now()))),
  );

  app.get(
    '/ExportMessageStatistics',
    {
      onRequest: requireAdmin('message:export'),
      schema: {
        ...adminDocs,
        summary: `导出${summary.slice(0, 4)}为 .xlsx（参数同 GetMessageStatistics）`,
        querystring: messageStatisticsQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const s = await messageStatistics(database.db, request.query, now());
      const lines: Line[] = [
        ...s.months.map((f) => ({ ...f, group: '月份' })),
        ...s.byCategory.map((f) => ({ ...f, group: '类别' })),
        ...s.byDepartment.map((f) => ({ ...f, group: '部门' })),
        { ...s.total, group: '合计' },
      ];
      return sendListExport(request, reply, {
        permission: 'message:export',
        target: '留言统计',
        title: `留言统计${s.start}至${s.end}`,
        asciiName: 'message-statistics.xlsx',
        columns,
        read: async (page) => (page.pageindex === 1 ? lines : []),
      });
    },
  );
}
