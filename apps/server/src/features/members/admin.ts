import { z } from 'zod';
import {
  editMemberInfoBody,
  editMemberStatusBody,
  idParam,
  listOf,
  memberListItemDto,
  memberListQuery,
  memberMessages,
  memberModelDto,
  memberStatusNames,
} from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { xlsxAnswer } from '../../http/xlsx-export.js';
import { sendListExport } from '../system/list-export.js';
import { memberExportColumns } from './sheet-columns.js';
import { adminDocs } from './docs.js';
import { toMemberListItemDto, toMemberModelDto } from './dto.js';
import { getMember, listMembers, saveMemberInfo, setMemberStatus } from './service.js';

const TARGET = '会员';
const memberMissing = { 404: memberMessages.memberNotFound };

/** Members in the back office (spec §7 GetMemberList, GetMemberModel, EditMemberInfo, EditMemberStatus). */
export async function membersAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

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

  app.get(
    '/GetMemberModel/:id',
    {
      onRequest: requireAdmin('member:list', 'member:audit', 'member:edit'),
      schema: {
        ...adminDocs,
        summary: '会员详情（含附件地址 FileUrl、未通过原因 ProcessItemName）',
        params: z.object({ id: idParam }),
        'x-data': memberModelDto,
        'x-codes': memberMissing,
      },
    },
    async (request) => ok(toMemberModelDto(await getMember(database.db, request.params.id), config.assetBaseUrl)),
  );

  app.post(
    '/EditMemberInfo',
    {
      onRequest: requireAdmin('member:add', 'member:edit'),
      // 入会日期 and 有效期至 left out keep theirs: validity moves only when a field names it.
      preValidation: keepOmittedFields('MemberId', async (id) => toMemberModelDto(await getMember(database.db, id), config.assetBaseUrl)),
      schema: {
        ...adminDocs,
        summary: '新增（MemberId 为 0，直接入会）或修改会员资料；修改时未传的字段保持原值，Pwd 非空即重置密码',
        body: editMemberInfoBody,
        'x-data': z.int().describe('会员编号'),
        'x-codes': memberMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        {
          action: body.MemberId ? 'member:edit' : 'member:add',
          target: TARGET,
          targetId: (r) => r.id,
          detail: (r) => [r.account, ...r.validityChanges].join(' '),
        },
        () => saveMemberInfo(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/EditMemberStatus',
    {
      onRequest: requireAdmin('member:status'),
      schema: { ...adminDocs, summary: '启用（1）或停用（0）会员；停用即结束其全部会话', body: editMemberStatusBody, 'x-codes': memberMissing },
    },
    async (request) => {
      const { MemberId, Status } = request.body;
      await adminWrite(
        request,
        { action: 'member:status', target: TARGET, targetId: MemberId, detail: (account) => `${account} ${memberStatusNames[Status]}` },
        () => setMemberStatus(database.db, MemberId, Status, now()),
      );
      return ok(null);
    },
  );
}
