import { z } from 'zod';
import { adminUserDto, adminUserListQuery, idParam, listOf, saveAdminUserBody, systemMessages } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin, requirePermission } from '../auth/guard.js';
import { list, ok } from '../../../http/envelope.js';
import { keepOmittedFields } from '../../../http/omitted-fields.js';
import { deleteAdminUser, findAdminUser, listAdminUsers, saveAdminUser } from './service.js';
import { adminDocs } from '../docs.js';
import { toAdminUserDto } from './dto.js';
import { hashNewPassword } from '../auth/new-password.js';

const TARGET = '管理员';
const idParams = z.object({ id: idParam });
const adminMissing = { 404: systemMessages.adminNotFound };

/** Admin accounts (spec §7 GetAdminUserL, SaveAdminUser, DelAdminUser). */
export async function adminUserRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetAdminUserL',
    {
      onRequest: requireAdmin('system:admin:list'),
      schema: { ...adminDocs, summary: '管理员列表（分页，key 匹配账号或姓名）', querystring: adminUserListQuery, 'x-data': listOf(adminUserDto) },
    },
    async (request) => {
      const { key, ...paging } = request.query;
      const page = await listAdminUsers(database, key, paging);
      return list(page.items.map(toAdminUserDto), page.total);
    },
  );

  app.post(
    '/SaveAdminUser',
    {
      onRequest: requireAdmin('system:admin:add', 'system:admin:edit'),
      preValidation: keepOmittedFields('AdminId', async (id) => {
        const admin = await findAdminUser(database, id);
        return admin && toAdminUserDto(admin);
      }),
      schema: {
        ...adminDocs,
        summary: '新增（AdminId 为 0，需 Password）或修改管理员；修改时未传的字段保持原值，填写 Password 即重置密码',
        body: saveAdminUserBody,
        'x-data': z.int().describe('管理员编号'),
        'x-codes': adminMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const resetsPassword = body.AdminId > 0 && body.Password !== '';
      if (resetsPassword) await requirePermission(request, 'system:admin:resetPwd');
      // Hashing takes a while; it happens before the transaction, not inside it.
      const passwordHash = body.Password ? await hashNewPassword(body.Password, body.Account) : undefined;
      const saved = await adminWrite(
        request,
        {
          action: body.AdminId ? 'system:admin:edit' : 'system:admin:add',
          target: TARGET,
          targetId: (a) => a.id,
          detail: (a) => (resetsPassword ? `${a.account}（重置密码）` : a.account),
        },
        () => saveAdminUser(database, body, passwordHash, currentAdmin(request), now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelAdminUser/:id',
    {
      onRequest: requireAdmin('system:admin:delete'),
      schema: { ...adminDocs, summary: '删除管理员（不能删除自己或最后一个超级管理员）', params: idParams, 'x-codes': adminMissing },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'system:admin:delete', target: TARGET, targetId: id, detail: (account) => account }, () =>
        deleteAdminUser(database, id, currentAdmin(request)),
      );
      return ok(null);
    },
  );
}
