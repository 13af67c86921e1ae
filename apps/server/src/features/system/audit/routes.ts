import { auditLogDto, auditLogListQuery, listOf, type AuditLogDto } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { requireAdmin } from '../auth/guard.js';
import { list } from '../../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../../http/xlsx-export.js';
import { sendListExport } from '../list-export.js';
import { listAudit } from './service.js';
import { adminDocs } from '../docs.js';
import { toAuditLogDto } from './dto.js';

/** 操作日志's table columns. */
const exportColumns: readonly ExportColumn<AuditLogDto>[] = [
  { header: '时间', width: 20, cell: (l) => l.CreateTime },
  { header: '账号', width: 16, cell: (l) => l.Account },
  { header: '操作', width: 20, cell: (l) => l.ActionName },
  { header: '对象', width: 20, cell: (l) => (l.Target ? `${l.Target}${l.TargetId ? ` #${l.TargetId}` : ''}` : '') },
  { header: '结果', width: 8, cell: (l) => (l.Result === 1 ? '成功' : '失败') },
  { header: 'IP', width: 16, cell: (l) => l.Ip },
  { header: '详情', width: 60, cell: (l) => l.Detail },
];

/** The audit log (read-only: no call edits or deletes a record); our addition. */
export async function auditRoutes(app: App): Promise<void> {
  const { database } = app.services;

  app.get(
    '/GetAuditLogList',
    {
      onRequest: requireAdmin('system:audit:list'),
      schema: { ...adminDocs, summary: '操作日志（分页，按账号、操作、日期范围筛选）', querystring: auditLogListQuery, 'x-data': listOf(auditLogDto) },
    },
    async (request) => {
      const { account, action, start, end, ...paging } = request.query;
      const page = await listAudit(database.db, { account, action, start, end }, paging);
      return list(page.items.map(toAuditLogDto), page.total);
    },
  );

  app.get(
    '/ExportAuditLogList',
    {
      onRequest: requireAdmin('system:audit:export'),
      schema: {
        ...adminDocs,
        summary: '导出操作日志（筛选同 GetAuditLogList，分页参数不用）为 .xlsx（流式输出）',
        querystring: auditLogListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) => {
      const { account, action, start, end } = request.query;
      return sendListExport(request, reply, {
        permission: 'system:audit:export',
        target: '操作日志',
        title: '操作日志',
        asciiName: 'audit-log.xlsx',
        columns: exportColumns,
        read: async (page) => (await listAudit(database.db, { account, action, start, end }, page)).items.map(toAuditLogDto),
      });
    },
  );
}
