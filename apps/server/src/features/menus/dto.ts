import type { MenuDto } from '@portal/shared';
import type { Menu, MenuNode } from './tree.js';

/** A menu on the wire with its shown children (spec §3 "Menu"). */
export function toMenuDto(menu: Menu, children: readonly MenuNode[]): MenuDto {
  return {
    MenuId: menu.id,
    ParentId: menu.parentId,
    Name: menu.name,
    Status: menu.status,
    ShowType: menu.showType,
    Type: menu.type,
    WebUrl: menu.webUrl,
    CurValue: menu.curValue,
    SortNumber: menu.sortNumber,
    AcceptsContributions: menu.acceptsContributions,
    ChildList: children.map((c) => toMenuDto(c, c.children)),
  };
}
