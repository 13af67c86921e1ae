import { describe, expect, it } from 'vitest';
import { defaultSystemMenus, SystemMenuKind, type DefaultSystemMenu, type SystemMenuDto } from '@portal/shared';
import { menuIcons } from '../layout/icons';
import { ancestorKeys, directoryKey, pagePath, routableMenus, sidebarMenus } from './menuTree';
import { viewKey, views } from './views';

let nextId = 1;
/** The seeded default tree in the wire shape GetSystemMenuList answers. */
function toDto(menu: DefaultSystemMenu, parentId = 0): SystemMenuDto {
  const MenuId = nextId++;
  return {
    MenuId,
    ParentId: parentId,
    MenuType: menu.menuType,
    menuname: menu.name,
    path: menu.path,
    component: menu.component,
    perms: menu.perms,
    icon: menu.icon,
    SortNumber: menu.sort,
    visible: 1,
    status: 1,
    children: menu.children.map((c) => toDto(c, MenuId)),
  };
}
const tree = defaultSystemMenus.map((m) => toDto(m));
const flat = (menus: readonly SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flat(m.children)]);
const system = tree.find((m) => m.path === 'system')!;
const rolePage = system.children.find((m) => m.path === 'system/role')!;

describe('sidebar and routes from the server menu tree', () => {
  it('shows directories and pages, never buttons', () => {
    const shown = flat(sidebarMenus(tree));
    expect(shown.some((m) => m.MenuType === SystemMenuKind.Button)).toBe(false);
    expect(shown.map((m) => m.menuname)).toContain('角色管理');
  });

  it('leaves out hidden or disabled entries, and a directory left empty', () => {
    const hidden = tree.map((m) => (m.MenuId === system.MenuId ? { ...m, children: m.children.map((c) => ({ ...c, visible: 0 })) } : m));
    expect(sidebarMenus(hidden).some((m) => m.MenuId === system.MenuId)).toBe(false);
    const disabled = tree.map((m) => (m.MenuId === system.MenuId ? { ...m, status: 0 } : m));
    expect(sidebarMenus(disabled).some((m) => m.MenuId === system.MenuId)).toBe(false);
  });

  it('routes hidden pages but not disabled ones', () => {
    const hiddenRole = tree.map((m) =>
      m.MenuId === system.MenuId ? { ...m, children: m.children.map((c) => (c.MenuId === rolePage.MenuId ? { ...c, visible: 0 } : c)) } : m,
    );
    expect(flat(routableMenus(hiddenRole)).some((m) => m.MenuId === rolePage.MenuId)).toBe(true);
    const disabledRole = tree.map((m) =>
      m.MenuId === system.MenuId ? { ...m, children: m.children.map((c) => (c.MenuId === rolePage.MenuId ? { ...c, status: 0 } : c)) } : m,
    );
    expect(flat(routableMenus(disabledRole)).some((m) => m.MenuId === rolePage.MenuId)).toBe(false);
  });

  it('lower-cases page addresses below /System and finds the directories above a page', () => {
    expect(pagePath({ path: '/System/Role/' })).toBe('/System/system/role');
    expect(ancestorKeys(tree, pagePath(rolePage))).toEqual([directoryKey(system)]);
    expect(ancestorKeys(tree, '/System/home')).toEqual([]);
    expect(ancestorKeys(tree, '/System/nowhere')).toBeNull();
  });
});

describe('the static maps cover the default menus', () => {
  it('has an icon for every default menu icon', () => {
    const missing = flat(tree)
      .filter((m) => m.icon && !menuIcons[m.icon])
      .map((m) => m.icon);
    expect(missing).toEqual([]);
  });

  it('has a view for the workbench and every system page', () => {
    const keys = flat(tree)
      .filter((m) => m.MenuType === SystemMenuKind.Page && /^(dashboard|system)\//.test(m.component))
      .map((m) => viewKey(m.component));
    expect(keys).toContain('dashboard/index');
    expect(keys.filter((k) => !views[k])).toEqual([]);
  });

  it('spells component keys as the map does', () => {
    expect(viewKey(' /System/Role/index.vue ')).toBe('system/role/index');
  });
});
