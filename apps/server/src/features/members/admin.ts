import { z } from 'zod';
import { editMemberInfoBody, editMemberStatusBody, idParam, memberMessages, memberModelDto, memberStatusNames } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from './docs.js';
import { toMemberModelDto } from './dto.js';
import { getMember, saveMemberInfo, setMemberStatus } from './service.js';

const TARGET = '会员';
const memberMissing = { 404: memberMessages.memberNotFound };

/** A member in the back office: read, add or edit, enable or disable (spec §7 GetMemberModel, EditMemberInfo, EditMemberStatus). */
export async function membersAdmin(app: App): Promise<void> {
  const { database, config, now } = app.services;

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
