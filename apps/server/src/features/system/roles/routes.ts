import { z } from 'zod';
import { idParam, listOf, pagingQuery, roleDto, saveRoleBody, systemMessages } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin } from '../auth/guard.js';
import { list, ok } from '../../../http/envelope.js';
import { keepOmittedFields } from '../../../http/omitted-fields.js';
import { adminDocs } from '../docs.js';
import { toRoleDto } from './dto.js';
import { deleteRole, getRole, listRoles, saveRole } from './service.js';

const TARGET = '角色';
const idParams = z.object({ id: idParam });
const roleMissing = { 404: systemMessages.roleNotFound };

/** Roles and their menu and button grants (spec §7 GetRoleList, GetRole, SaveRole, DelRole). */
export async function roleRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

  // The admin-user editor loads the roles for its select (page size 999, spec §6), so those who manage admins may list them too.
  app.get(
    '/GetRoleList',
    {
      onRequest: requireAdmin('system:role:list', 'system:admin:list', 'system:admin:add', 'system:admin:edit'),
      schema: { ...adminDocs, summary: '角色列表（分页）', querystring: pagingQuery, 'x-data': listOf(roleDto) },
    },
    async (request) => {
      const page = await listRoles(database.db, request.query);
      return list(page.items.map(toRoleDto), page.total);
    },
  );

  app.get(
    '/GetRole/:id',
    {
      onRequest: requireAdmin('system:role:list'),
      schema: { ...adminDocs, summary: '角色详情（含已授权菜单 MenuIds）', params: idParams, 'x-data': roleDto, 'x-codes': roleMissing },
    },
    async (request) => ok(toRoleDto(await getRole(database.db, request.params.id))),
  );

  app.post(
    '/SaveRole',
    {
      onRequest: requireAdmin('system:role:add', 'system:role:edit'),
      // MenuIds left out keep the role's grants (they were all withdrawn).
      preValidation: keepOmittedFields('RoleId', async (id) => toRoleDto(await getRole(database.db, id))),
      schema: {
        ...adminDocs,
        summary: '新增（RoleId 为 0）或修改角色及其菜单、按钮授权（未传的字段保持原值）',
        body: saveRoleBody,
        'x-data': z.int().describe('角色编号'),
        'x-codes': roleMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.RoleId ? 'system:role:edit' : 'system:role:add', target: TARGET, targetId: (r) => r.id, detail: (r) => r.name },
        () => saveRole(database.db, body, currentAdmin(request), now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelRole/:id',
    {
      onRequest: requireAdmin('system:role:delete'),
      schema: { ...adminDocs, summary: '删除角色（仍有管理员使用时拒绝）', params: idParams, 'x-codes': roleMissing },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'system:role:delete', target: TARGET, targetId: id, detail: (name) => name }, () =>
        deleteRole(database.db, id, currentAdmin(request)),
      );
      return ok(null);
    },
  );
}
