import { z } from 'zod';
import { idParam, intParam, menuDto, messages, optionalParam, trimmed } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { toMenuDto } from './dto.js';
import { menuIndex, requireMenu, topMenuOf } from './service.js';
import { findByLabel, type Menu, type MenuIndex } from './tree.js';

const menuListQuery = z.object({
  /** -1, -2, 0 or absent: the whole tree; a menu id: that menu's children. */
  parentid: optionalParam(intParam),
});
const menuModelQuery = z.object({ menuid: optionalParam(idParam), label: optionalParam(trimmed) });
const menuTreeModelQuery = z.object({ menuid: idParam });

/** A menu with the children the public tree shows under it (none when it is hidden). */
const withShownChildren = (index: MenuIndex, menu: Menu) => toMenuDto(menu, index.shown.get(menu.id)?.children ?? []);

/** What the document says of these calls: an unknown or hidden menu is 404. */
const menuDocs = { tags: ['public'], 'x-codes': { 404: messages.menuNotFound } } as const;
const menuListSchema = { ...menuDocs, summary: '栏目树（仅显示状态的栏目，最多三级）', querystring: menuListQuery, 'x-data': z.array(menuDto) };
const menuModelSchema = {
  ...menuDocs,
  summary: '按编号或名称查找栏目',
  description: `menuid 与 label 至少给一个（都没有时 Code 400 ${messages.badParameter}）；都给时按 menuid。`,
  querystring: menuModelQuery,
  'x-data': menuDto,
};
const menuTreeModelSchema = { ...menuDocs, summary: '栏目所属的顶级栏目', querystring: menuTreeModelQuery, 'x-data': menuDto };

/** The same for every visitor, until the menus change. */
const cachedMenus = { responseCache: { areas: ['menus'] } } as const;

export async function menusPublic(app: App): Promise<void> {
  const { database } = app.services;

  app.get('/GetMenuList', { config: cachedMenus, schema: menuListSchema }, async (request) => {
    const index = await menuIndex(database);
    const { parentid } = request.query;
    if (parentid === undefined || parentid <= 0) return ok(index.roots.map((n) => toMenuDto(n, n.children)));
    const parent = index.shown.get(parentid);
    if (!parent) throw notFound(messages.menuNotFound);
    return ok(parent.children.map((n) => toMenuDto(n, n.children)));
  });

  app.get('/GetMenuModel', { config: cachedMenus, schema: menuModelSchema }, async (request) => {
    const index = await menuIndex(database);
    const { menuid, label } = request.query;
    if (menuid !== undefined) return ok(withShownChildren(index, requireMenu(index, menuid)));
    if (!label) throw badRequest();
    const menu = findByLabel(index, label);
    if (!menu) throw notFound(messages.menuNotFound);
    return ok(withShownChildren(index, menu));
  });

  app.get('/GetMenuTreeModel', { config: cachedMenus, schema: menuTreeModelSchema }, async (request) => {
    const index = await menuIndex(database);
    return ok(withShownChildren(index, topMenuOf(index, request.query.menuid)));
  });
}
