import { z } from 'zod';
import { idParam, saveSystemMenuBody, systemMenuDto, systemMenuListQuery, systemMessages } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { adminWrite, currentAdmin, requireAdmin, requirePermission } from '../auth/guard.js';
import { ok } from '../../../http/envelope.js';
import { keepOmittedFields } from '../../../http/omitted-fields.js';
import { adminDocs } from '../docs.js';
import { toSystemMenuDto } from './dto.js';
import { adminMenuTree, deleteMenu, findMenu, fullMenuTree, saveMenu } from './service.js';

const TARGET = '菜单';
const idParams = z.object({ id: idParam });
const savedId = z.int().describe('菜单编号');
const menuMissing = { 404: systemMessages.menuNotFound };

/** System menus with their button permissions (spec §7 GetSystemMenuList, SaveSystemMenu, DelSystemMenu). */
export async function menuRoutes(app: App): Promise<void> {
  const { database, now } = app.services;

  /**
   * By default the caller's own tree (routes, sidebar, buttons); with all=1 every menu in any
   * status, for 菜单管理 and the role editor's menu picker.
   */
  app.get(
    '/GetSystemMenuList',
    {
      onRequest: requireAdmin(),
      schema: { ...adminDocs, summary: '系统菜单树（默认：当前管理员可见；all=1：全部）', querystring: systemMenuListQuery, 'x-data': z.array(systemMenuDto) },
    },
    async (request) => {
      if (request.query.all === 1) {
        await requirePermission(request, 'system:menu:list', 'system:role:add', 'system:role:edit');
        return ok((await fullMenuTree(database.db)).map(toSystemMenuDto));
      }
      return ok((await adminMenuTree(database.db, currentAdmin(request))).map(toSystemMenuDto));
    },
  );

  app.post(
    '/SaveSystemMenu',
    {
      onRequest: requireAdmin('system:menu:add', 'system:menu:edit'),
      preValidation: keepOmittedFields('MenuId', async (id) => {
        const menu = await findMenu(database.db, id);
        return menu && toSystemMenuDto(menu);
      }),
      schema: {
        ...adminDocs,
        summary: '新增（MenuId 为 0）或修改系统菜单（未传的字段保持原值）',
        body: saveSystemMenuBody,
        'x-data': savedId,
        'x-codes': menuMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.MenuId ? 'system:menu:edit' : 'system:menu:add', target: TARGET, targetId: (m) => m.id, detail: (m) => m.name },
        () => saveMenu(database.db, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelSystemMenu/:id',
    {
      onRequest: requireAdmin('system:menu:delete'),
      schema: { ...adminDocs, summary: '删除系统菜单（有子菜单时拒绝）', params: idParams, 'x-codes': menuMissing },
    },
    async (request) => {
      const { id } = request.params;
      await adminWrite(request, { action: 'system:menu:delete', target: TARGET, targetId: id, detail: (name) => name }, () => deleteMenu(database.db, id));
      return ok(null);
    },
  );
}
