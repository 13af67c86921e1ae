import { describe, expect, it } from 'vitest';
import type { MenuDto } from '@portal/shared';
import { menuPath, toMenuOptions } from './menuOptions';

const menu = (MenuId: number, Name: string, ChildList: MenuDto[] = [], Status = 1): MenuDto => ({
  MenuId,
  ParentId: 0,
  Name,
  Status,
  ShowType: 0,
  Type: 1,
  WebUrl: '',
  CurValue: '',
  SortNumber: 0,
  AcceptsContributions: false,
  ChildList,
});

const tree = [menu(1, '新闻中心', [menu(2, '政策要闻', [menu(3, '地方')]), menu(4, '视频专区', [], 0)]), menu(5, '专家智库')];

describe('menu cascader options', () => {
  it('nests options, marks hidden menus and leaves out a menu with its subtree', () => {
    expect(toMenuOptions(tree, 2)).toEqual([
      { label: '新闻中心', value: 1, children: [{ label: '视频专区（隐藏）', value: 4 }] },
      { label: '专家智库', value: 5 },
    ]);
  });

  it('finds the path from the top level down to a menu', () => {
    expect(menuPath(tree, 3)).toEqual([1, 2, 3]);
    expect(menuPath(tree, 5)).toEqual([5]);
    expect(menuPath(tree, 99)).toEqual([]);
  });
});
