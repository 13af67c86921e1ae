import { idsBody, proposeListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../../http/admin-auth.js';
import { list, ok } from '../../http/envelope.js';
import { adminDocs } from '../members/docs.js';
import { toProposeDto } from './dto.js';
import { deleteProposals, listProposals, markProposalsRead } from './service.js';

const TARGET = '建议留言';
/** The audit log's record id for one suggestion; a batch is listed in the detail instead. */
const batch = (ids: number[]) => (ids.length === 1 ? { targetId: ids[0] } : {});

/** Suggestions in the back office (spec §7 GetWebProposeList, DelWebPropose; MarkProposeRead is ours). */
export async function suggestionsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetWebProposeList',
    { onRequest: requireAdmin('member:propose:list'), schema: { ...adminDocs, summary: '建议留言列表（按电话或内容、已读状态、日期筛选；分页）', querystring: proposeListQuery } },
    async (request) => {
      const page = await listProposals(database.db, request.query);
      return list(page.items.map(toProposeDto), page.total);
    },
  );

  app.post(
    '/MarkProposeRead',
    { onRequest: requireAdmin('member:propose:list'), schema: { ...adminDocs, summary: '将建议留言标记为已读（Ids 数组或逗号分隔）；Data 为新标记条数', body: idsBody } },
    async (request) => {
      const { Ids } = request.body;
      const marked = await adminWrite(request, { action: 'member:propose:list', auditAs: 'member:propose:read', target: TARGET, ...batch(Ids), detail: (n) => `标记已读${n}条：${Ids.join(',')}` }, () =>
        markProposalsRead(database.db, Ids, now()),
      );
      return ok(marked);
    },
  );

  app.post(
    '/DelWebPropose',
    { onRequest: requireAdmin('member:propose:delete'), schema: { ...adminDocs, summary: '删除建议留言（Ids 数组或逗号分隔，可批量）；Data 为删除条数', body: idsBody } },
    async (request) => {
      const { Ids } = request.body;
      const deleted = await adminWrite(request, { action: 'member:propose:delete', target: TARGET, ...batch(Ids), detail: (n) => `删除${n}条：${Ids.join(',')}` }, () =>
        deleteProposals(database.db, Ids),
      );
      return ok(deleted);
    },
  );
}
