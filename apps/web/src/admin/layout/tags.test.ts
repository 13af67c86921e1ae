import { describe, expect, it } from 'vitest';
import { closeTags, homeTag, restoreTags, withoutTag, withTag, type VisitedTag } from './tags';

const role: VisitedTag = { path: '/System/system/role', title: '角色管理' };
const admin: VisitedTag = { path: '/System/system/admin', title: '管理员' };
const audit: VisitedTag = { path: '/System/system/audit', title: '操作日志' };
const tabs = [homeTag, role, admin, audit];

describe('visited-page tabs', () => {
  it('adds a tab once per path', () => {
    expect(withTag([homeTag], role)).toEqual([homeTag, role]);
    const same = [homeTag, role];
    expect(withTag(same, role)).toBe(same);
    expect(withTag(same, { ...role, title: '角色' })).toEqual([homeTag, { ...role, title: '角色' }]);
  });

  it('closing the active tab moves to the next, else the previous', () => {
    expect(withoutTag(tabs, admin.path, admin.path)).toEqual({ tags: [homeTag, role, audit], next: audit.path });
    expect(withoutTag(tabs, audit.path, audit.path)).toEqual({ tags: [homeTag, role, admin], next: admin.path });
  });

  it('closing another tab stays on the page', () => {
    expect(withoutTag(tabs, role.path, audit.path)).toEqual({ tags: [homeTag, admin, audit], next: null });
  });

  it('never closes 工作台', () => {
    expect(withoutTag(tabs, homeTag.path, homeTag.path)).toEqual({ tags: tabs, next: null });
  });

  it('关闭其他 keeps 工作台 and the tab, moving there when the active page went', () => {
    expect(closeTags(tabs, admin.path, 'others', admin.path)).toEqual({ tags: [homeTag, admin], next: null });
    expect(closeTags(tabs, admin.path, 'others', audit.path)).toEqual({ tags: [homeTag, admin], next: admin.path });
    expect(closeTags(tabs, homeTag.path, 'others', role.path)).toEqual({ tags: [homeTag], next: homeTag.path });
  });

  it('关闭右侧 closes only the tabs after it', () => {
    expect(closeTags(tabs, role.path, 'right', role.path)).toEqual({ tags: [homeTag, role], next: null });
    expect(closeTags(tabs, role.path, 'right', audit.path)).toEqual({ tags: [homeTag, role], next: role.path });
    expect(closeTags(tabs, audit.path, 'right', admin.path)).toEqual({ tags: tabs, next: null });
  });

  it('关闭全部 leaves 工作台 and goes there', () => {
    expect(closeTags(tabs, admin.path, 'all', audit.path)).toEqual({ tags: [homeTag], next: homeTag.path });
    expect(closeTags(tabs, admin.path, 'all', homeTag.path)).toEqual({ tags: [homeTag], next: null });
  });

  it('restores stored tabs with 工作台 first, and starts over from damaged storage', () => {
    expect(restoreTags(JSON.stringify([role, homeTag, admin]))).toEqual([homeTag, role, admin]);
    expect(restoreTags('{not json')).toEqual([homeTag]);
    expect(restoreTags(JSON.stringify([{ path: 1 }]))).toEqual([homeTag]);
    expect(restoreTags(null)).toEqual([homeTag]);
  });
});
