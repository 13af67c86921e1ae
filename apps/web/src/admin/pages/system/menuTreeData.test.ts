import { describe, expect, it } from 'vitest';
import type { SystemMenuDto } from '@portal/shared';
import { leafIds, withAncestors } from './menuTreeData';

const node = (MenuId: number, children: SystemMenuDto[] = []): SystemMenuDto => ({
  MenuId,
  ParentId: 0,
  MenuType: children.length ? 1 : 3,
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
});
