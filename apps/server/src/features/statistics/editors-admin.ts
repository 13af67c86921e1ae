import { editorOutputDto, editorOutputQuery, messageBoardMessages, type EditorFiguresDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import { editorOutput, type EditorFigures } from './editors.js';

const docs = { tags: ['statistics (back office)'] };
const summary = '编辑工作量：所选月份（start、end 为 yyyy-MM，缺省本月，至多36个月）每位管理员逐月新建、发布、修改的文章数与审核决定数';

const figuresDto = (f: EditorFigures): EditorFiguresDto => ({ Created: f.created, Published: f.published, Edited: f.edited, Reviewed: f.reviewed });

type Line = EditorFigures & { name: string; account: string; month: string };

const columns: readonly ExportColumn<Line>[] = [
  { header: '姓名', width: 14, cell: (l) => l.name },
  { header: '账号', width: 14, cell: (l) => l.account },
  { header: '月份', width: 10, cell: (l) => l.month },
  { header: '新建', width: 8, cell: (l) => l.created },
  { header: '发布', width: 8, cell: (l) => l.published },
  { header: '修改', width: 8, cell: (l) => l.edited },
  { header: '审核', width: 8, cell: (l) => l.reviewed },
];

/** 编辑工作量 and its .xlsx (docs/statistics.md, "编辑工作量"). */
export async function editorOutputAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetEditorOutput',
    {
      onRequest: requireAdmin('stats:editors'),
      schema: { ...docs, summary, querystring: editorOutputQuery, 'x-data': editorOutputDto, 'x-codes': { 400: messageBoardMessages.monthRange } },
    },
    async (request) => {
      const o = await editorOutput(database.db, request.query, now());
      return ok({
        Start: o.start,
        End: o.end,
        Months: o.months,
        Editors: o.editors.map((e) => ({ AdminId: e.adminId, Account: e.account, Name: e.name, Total: figuresDto(e.total), Months: e.months.map(figuresDto) })),
        Total: figuresDto(o.total),
      });
    },
  );

  app.get(
    '/ExportEditorOutput',
    {
      onRequest: requireAdmin('stats:editors:export'),
      schema: {
        ...docs,
        summary: '导出编辑工作量为 .xlsx（参数同 GetEditorOutput）：每位管理员每月一行，另有合计行',
        querystring: editorOutputQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const o = await editorOutput(database.db, request.query, now());
      // Each editor's months with any work, then their total; the office's total last.
      const lines: Line[] = o.editors.flatMap((e) => [
        ...o.months.flatMap((month, i) =>
          Object.values(e.months[i]!).some((n) => n > 0) ? [{ ...e.months[i]!, name: e.name, account: e.account, month }] : [],
        ),
        { ...e.total, name: e.name, account: e.account, month: '合计' },
      ]);
      lines.push({ ...o.total, name: '全部', account: '', month: '合计' });
      return sendListExport(request, reply, {
        permission: 'stats:editors:export',
        target: '编辑工作量',
        title: `编辑工作量${o.start}至${o.end}`,
        asciiName: 'editor-output.xlsx',
        columns,
        read: async (page) => (page.pageindex === 1 ? lines : []),
      });
    },
  );
}
