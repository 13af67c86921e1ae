import type { SystemMenuDto } from '@portal/shared';
import type { SystemMenu } from './service.js';

/** Wire shape of packages/shared/src/schemas/system.ts (spec §3 spellings). */
export const toSystemMenuDto = (m: SystemMenu): SystemMenuDto => ({
  MenuId: m.id,
  ParentId: m.parentId,
  MenuType: m.menuType,
  menuname: m.name,
  path: m.path,
  component: m.component,
  perms: m.perms,
  icon: m.icon,
  SortNumber: m.sortNumber,
  visible: m.visible,
  status: m.status,
  children: m.children.map(toSystemMenuDto),
});
