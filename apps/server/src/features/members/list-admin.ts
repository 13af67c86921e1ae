import { listOf, memberListItemDto, memberListQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requireAdmin } from '../system/auth/guard.js';
import { list } from '../../http/envelope.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { memberExportColumns } from './sheet-columns.js';
import { adminDocs } from './docs.js';
import { toMemberListItemDto } from './dto.js';
import { listMembers } from './service.js';

const TARGET = '会员';

/** 会员列表 and its export (spec §7 GetMemberList; ExportMemberList). */
export async function memberListAdmin(app: App): Promise<void> {
  const { database } = app.services;

  app.get(
    '/GetMemberList',
    {
      // 登记缴费 (member:payment:add) finds the member it records dues for in this list.
      onRequest: requireAdmin('member:list', 'member:audit', 'member:payment:add'),
      schema: {
        ...adminDocs,
        summary: '会员与入会申请列表（按审核状态、启用状态、名称或账号、单位归类、会员等级、申请日期筛选；分页）',
        querystring: memberListQuery,
        'x-data': listOf(memberListItemDto),
      },
    },
    async (request) => {
      const page = await listMembers(database.db, request.query);
      return list(page.items.map(toMemberListItemDto), page.total);
    },
  );

  app.get(
    '/ExportMemberList',
    {
      onRequest: requireAdmin('member:export'),
      schema: {
        ...adminDocs,
        summary: '导出会员与入会申请（筛选同 GetMemberList，分页参数不用）为 .xlsx（流式输出）；列与 ImportMembers 所读相同，可修改后再导入',
        querystring: memberListQuery,
        ...xlsxAnswer,
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        permission: 'member:export',
        target: TARGET,
        title: '会员列表',
        asciiName: 'members.xlsx',
        columns: memberExportColumns,
        read: async (page) => (await listMembers(database.db, { ...request.query, ...page })).items,
      }),
  );
}
