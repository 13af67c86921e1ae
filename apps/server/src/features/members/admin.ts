import { z } from 'zod';
import { applyStateNames, editMemberInfoBody, editMemberStatusBody, idParam, memberListQuery, memberStatusNames, type MemberListItemDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../../http/admin-auth.js';
import { list, ok } from '../../http/envelope.js';
import { sendListExport, type ExportColumn } from '../../http/xlsx-export.js';
import { adminDocs } from './docs.js';
import { toMemberListItemDto, toMemberModelDto } from './dto.js';
import { getMember, listMembers, saveMemberInfo, setMemberStatus } from './service.js';

const TARGET = '会员';

/** 会员列表's table columns. */
const exportColumns: readonly ExportColumn<MemberListItemDto>[] = [
  { header: '账号', width: 16, cell: (m) => m.Account },
  { header: '公司名称', width: 36, cell: (m) => m.MemberName },
  { header: '单位归类', width: 14, cell: (m) => m.CompanyTypeName },
  { header: '会员等级', width: 12, cell: (m) => m.MemberLevelName },
  { header: '联络人', width: 12, cell: (m) => m.DailyOperator },
  { header: '手机号码', width: 14, cell: (m) => m.OperatorPhone },
  { header: '审核状态', width: 10, cell: (m) => applyStateNames[m.ApplyState] },
  { header: '状态', width: 8, cell: (m) => memberStatusNames[m.Status] ?? String(m.Status) },
  { header: '申请时间', width: 20, cell: (m) => m.ApplyTime },
];

/** Members in the back office (spec §7 GetMemberList, GetMemberModel, EditMemberInfo, EditMemberStatus). */
export async function membersAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

  app.get(
    '/GetMemberList',
    {
      onRequest: requireAdmin('member:list', 'member:audit'),
      schema: { ...adminDocs, summary: '会员与入会申请列表（按审核状态、启用状态、名称或账号、单位归类、会员等级、申请日期筛选；分页）', querystring: memberListQuery },
    },
    async (request) => {
      const page = await listMembers(database.db, request.query);
      return list(page.items.map(toMemberListItemDto), page.total);
    },
  );

  app.get(
    '/ExportMemberList',
    { onRequest: requireAdmin('member:export'), schema: { ...adminDocs, summary: '导出会员与入会申请（筛选同 GetMemberList，分页参数不用）为 .xlsx（流式输出）', querystring: memberListQuery } },
    async (request, reply) =>
      sendListExport(request, reply, {
        permission: 'member:export',
        target: TARGET,
        title: '会员列表',
        asciiName: 'members.xlsx',
        columns: exportColumns,
        read: async (page) => (await listMembers(database.db, { ...request.query, ...page })).items.map(toMemberListItemDto),
      }),
  );

  app.get(
    '/GetMemberModel/:id',
    {
      onRequest: requireAdmin('member:list', 'member:audit', 'member:edit'),
      schema: { ...adminDocs, summary: '会员详情（含附件地址 FileUrl、未通过原因 ProcessItemName）', params: z.object({ id: idParam }) },
    },
    async (request) => ok(toMemberModelDto(await getMember(database.db, request.params.id), config.assetBaseUrl)),
  );

  app.post(
    '/EditMemberInfo',
    {
      onRequest: requireAdmin('member:add', 'member:edit'),
      schema: { ...adminDocs, summary: '新增（MemberId 为 0，直接入会）或修改会员资料；修改时 Pwd 非空即重置密码', body: editMemberInfoBody },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.MemberId ? 'member:edit' : 'member:add', target: TARGET, targetId: (r) => r.id, detail: (r) => r.account },
        () => saveMemberInfo(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/EditMemberStatus',
    { onRequest: requireAdmin('member:status'), schema: { ...adminDocs, summary: '启用（1）或停用（0）会员；停用即结束其全部会话', body: editMemberStatusBody } },
    async (request) => {
      const { MemberId, Status } = request.body;
      await adminWrite(request, { action: 'member:status', target: TARGET, targetId: MemberId, detail: (account) => `${account} ${memberStatusNames[Status]}` }, () =>
        setMemberStatus(database.db, MemberId, Status, now()),
      );
      return ok(null);
    },
  );
}
