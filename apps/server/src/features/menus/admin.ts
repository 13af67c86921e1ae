import { z } from 'zod';
import { adminMenuListQuery, delMenuBody, listOf, menuDto, menuIdQuery, messages, saveMenuBody } from '@portal/shared';
import { contentAdminDocs } from '../../content/admin-docs.js';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { deleteMenu, listMenuLevel, readMenu, saveMenu } from './admin-service.js';
import { toMenuDto } from './dto.js';

const menuMissing = { 404: messages.menuNotFound };

const TARGET = '栏目';

/** 栏目管理 (spec §7 GetMenuList, GetMenuModel, SaveMenu, DelMenu under /api/XfSysBussiness/). */
export async function menusAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetMenuList',
    {
      onRequest: requireAdmin('content:menu:list', 'content:news:list'),
      schema: {
        ...contentAdminDocs,
        summary: '栏目列表：parentid 下一级栏目（分页，含隐藏），每项带完整子树',
        querystring: adminMenuListQuery,
        'x-data': listOf(menuDto),
      },
    },
    async (request) => {
      const { parentid, ...paging } = request.query;
      const page = await listMenuLevel(database, Math.max(parentid ?? 0, 0), paging);
      return list(
        page.items.map((n) => toMenuDto(n, n.children)),
        page.total,
      );
    },
  );

  app.get(
    '/GetMenuModel',
    {
      onRequest: requireAdmin('content:menu:list', 'content:news:list'),
      schema: { ...contentAdminDocs, summary: '栏目详情（含完整子树）', querystring: menuIdQuery, 'x-data': menuDto, 'x-codes': menuMissing },
    },
    async (request) => {
      const menu = await readMenu(database, request.query.menuid);
      return ok(toMenuDto(menu, menu.children));
    },
  );

  app.post(
    '/SaveMenu',
    {
      onRequest: requireAdmin('content:menu:add', 'content:menu:edit'),
      preValidation: keepOmittedFields('MenuId', async (id) => toMenuDto(await readMenu(database, id), [])),
      schema: {
        ...contentAdminDocs,
        summary: '新增（MenuId 为 0）或修改栏目（最多三级；未传的字段保持原值，Type 为空按层级）',
        body: saveMenuBody,
        'x-data': z.int().describe('栏目编号'),
        'x-codes': menuMissing,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.MenuId ? 'content:menu:edit' : 'content:menu:add', target: TARGET, targetId: (m) => m.id, detail: (m) => m.name },
        () => saveMenu(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelMenu',
    {
      onRequest: requireAdmin('content:menu:delete'),
      schema: { ...contentAdminDocs, summary: '删除栏目（有子栏目或文章时拒绝）', body: delMenuBody, 'x-codes': menuMissing },
    },
    async (request) => {
      const id = request.body.MenuId;
      await adminWrite(request, { action: 'content:menu:delete', target: TARGET, targetId: id, detail: (name) => name }, () => deleteMenu(database, id));
      return ok(null);
    },
  );
}
