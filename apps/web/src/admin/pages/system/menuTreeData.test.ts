import { describe, expect, it } from 'vitest';
import { SystemMenuKind, type SystemMenuDto } from '@portal/shared';
import { branchIds, checkedGrants, grantedMenus, grantTree, leafIds, withAncestors } from './menuTreeData';

const node = (
  MenuId: number,
  children: SystemMenuDto[] = [],
  MenuType: SystemMenuDto['MenuType'] = children.length ? SystemMenuKind.Directory : SystemMenuKind.Button,
): SystemMenuDto => ({
  MenuId,
  ParentId: 0,
  MenuType,
  menuname: `m${MenuId}`,
  path: '',
  component: '',
  perms: '',
  icon: '',
  SortNumber: 0,
  visible: 1,
  status: 1,
  children,
});
// 1 directory > 2 page > 3, 4 buttons; 5 a childless page at the top.
const tree = [node(1, [node(2, [node(3), node(4)])]), node(5)];

describe('role grant tree', () => {
  it('checks only leaves when a role is opened, so the tree derives parents itself', () => {
    expect([...leafIds(tree)].sort()).toEqual([3, 4, 5]);
  });

  it('grants the page and directory above a partly checked page', () => {
    expect(withAncestors(tree, [3]).sort()).toEqual([1, 2, 3]);
    expect(withAncestors(tree, [2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(withAncestors(tree, [])).toEqual([]);
  });

  describe('with each page granted on its own', () => {
    // 1 directory > 2 page > 3, 4 buttons; 5 a page without buttons.
    const menus = [node(1, [node(2, [node(3), node(4)], SystemMenuKind.Page)]), node(5, [], SystemMenuKind.Page)];
    const grants = grantTree(menus);

    it('puts the page itself (查看) first under a page with buttons', () => {
      const page = grants[0]!.children[0]!;
      expect(page.children.map((c) => [c.MenuId, c.menuname])).toEqual([
        [-2, '查看'],
        [3, 'm3'],
        [4, 'm4'],
      ]);
      expect(grants[1]!.children).toEqual([]);
      expect(branchIds(grants)).toEqual([1, 2]);
    });

    it('grants a page without any of its buttons: a read-only role', () => {
      expect(grantedMenus(grants, [-2]).sort()).toEqual([1, 2]);
      expect(grantedMenus(grants, [-2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it("checks a granted page's own entry and its granted buttons when a role is opened", () => {
      expect(checkedGrants(grants, [1, 2])).toEqual([-2]);
      expect(checkedGrants(grants, [1, 2, 4, 5])).toEqual([-2, 4, 5]);
    });
  });
});
