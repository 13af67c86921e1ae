import { describe, expect, it } from 'vitest';
import type { MenuDto } from '@portal/shared';
import { shownMenus } from '../layout/menus';
import { findMenuPath } from './menuPath';

const menu = (MenuId: number, ParentId: number, Name: string, ChildList: MenuDto[] = [], Status = 1): MenuDto => ({
  MenuId,
  ParentId,
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

const tree = [
  menu(1, 0, '首页'),
  menu(7, 0, '新闻中心', [menu(8, 7, '政策要闻'), menu(10, 7, '协会动态', [menu(11, 10, '会员动态')]), menu(14, 7, '视频专区', [], 0)]),
];

describe('findMenuPath', () => {
  it('walks from the top-level menu down to a third-level menu', () => {
    expect(findMenuPath(tree, 11).map((m) => m.Name)).toEqual(['新闻中心', '协会动态', '会员动态']);
  });

  it('finds a top-level menu on its own', () => {
    expect(findMenuPath(tree, 1).map((m) => m.Name)).toEqual(['首页']);
  });

  it('is empty for a menu the tree does not hold', () => {
    expect(findMenuPath(tree, 99)).toEqual([]);
  });
});

describe('shownMenus', () => {
  it('keeps only menus with Status 1', () => {
    expect(shownMenus(tree[1]!.ChildList).map((m) => m.Name)).toEqual(['政策要闻', '协会动态']);
    expect(shownMenus(undefined)).toEqual([]);
  });
});
