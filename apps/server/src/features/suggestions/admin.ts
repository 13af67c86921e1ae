import { z } from 'zod';
import { idsBody, listOf, proposeDto, proposeListQuery, type ProposeDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { adminDocs } from '../members/docs.js';
import { toProposeDto } from './dto.js';
import { deleteProposals, listProposals, markProposalsRead } from './service.js';

const TARGET = '建议留言';

/** 建议留言's table columns, the reading time beside its state. */
const exportColumns: readonly ExportColumn<ProposeDto>[] = [
  { header: '手机号码', width: 14, cell: (p) => p.Mobile },
  { header: '留言内容', width: 60, cell: (p) => p.ProposeContent },
  { header: '留言时间', width: 20, cell: (p) => p.CreateTime },
  { header: '阅读状态', width: 10, cell: (p) => (p.IsRead ? '已读' : '未读') },
  { header: '阅读时间', width: 20, cell: (p) => p.ReadTime },
];
/** The audit log's record id for one suggestion; a batch is listed in the detail instead. */
const batch = (ids: number[]) => (ids.length === 1 ? { targetId: ids[0] } : {});

/** Suggestions in the back office (spec §7 GetWebProposeList, DelWebPropose; MarkProposeRead is ours). */
export async function suggestionsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetWebProposeList',
    {
      onRequest: requireAdmin('member:propose:list'),
      schema: { ...adminDocs, summary: '建议留言列表（按电话或内容、已读状态、日期筛选；分页）', querystring: proposeListQuery, 'x-data': listOf(proposeDto) },
    },
    async (request) => {
      const page = await listProposals(database.db, request.query);
      return list(page.items.map(toProposeDto), page.total);
    },
  );

  app.get(
    '/ExportWebProposeList',
    {
      onRequest: requireAdmin('member:propose:export'),
      schema: {
        ...adminDocs,
        summary: '导出建议留言（筛选同 GetWebProposeList，分页参数不用）为 .xlsx（流式输出）',
        querystring: proposeListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        permission: 'member:propose:export',
        target: TARGET,
        title: '建议留言',
        asciiName: 'proposals.xlsx',
        columns: exportColumns,
        read: async (page) => (await listProposals(database.db, { ...request.query, ...page })).items.map(toProposeDto),
      }),
  );

  app.post(
    '/MarkProposeRead',
    {
      onRequest: requireAdmin('member:propose:list'),
      schema: {
        ...adminDocs,
        summary: '将建议留言标记为已读（Ids 数组或逗号分隔）；Data 为新标记条数',
        body: idsBody,
        'x-data': z.int().describe('新标记条数'),
      },
    },
    async (request) => {
      const { Ids } = request.body;
      const marked = await adminWrite(
        request,
        { action: 'member:propose:list', auditAs: 'member:propose:read', target: TARGET, ...batch(Ids), detail: (n) => `标记已读${n}条：${Ids.join(',')}` },
        () => markProposalsRead(database.db, Ids, now()),
      );
      return ok(marked);
    },
  );

  app.post(
    '/DelWebPropose',
    {
      onRequest: requireAdmin('member:propose:delete'),
      schema: { ...adminDocs, summary: '删除建议留言（Ids 数组或逗号分隔，可批量）；Data 为删除条数', body: idsBody, 'x-data': z.int().describe('删除条数') },
    },
    async (request) => {
      const { Ids } = request.body;
      const deleted = await adminWrite(
        request,
        { action: 'member:propose:delete', target: TARGET, ...batch(Ids), detail: (n) => `删除${n}条：${Ids.join(',')}` },
        () => deleteProposals(database, Ids),
      );
      return ok(deleted);
    },
  );
}
