import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { sitePageAt, sitePages } from '@portal/shared';
import { routes } from './router';

/** Every path of the route tree. */
const pathsOf = (tree: readonly RouteObject[]): string[] => tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

// The server answers a page's status and head, and lists the sitemap, from the page table
// (packages/shared/src/pages.ts): a route it lacks would be a 404 on the server, and a page it
// declares without a route would be drawn as the web app's 404.
describe('the page table and the router', () => {
  const routed = pathsOf(routes);
  // '/' redirects to /home; /404 and the rest are the not-found page.
  const pages = routed.filter((path) => !['/', '/404', '*'].includes(path));

  it('declare the same pages', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(new Set(pages)).toEqual(new Set(Object.values(sitePages).map((page) => page.path)));
  });

  it('match an address to the same page', () => {
    for (const [address, page] of [
      ['/home', sitePages.home],
      ['/menulist', sitePages.menuList],
      ['/info/', sitePages.info],
      ['/member/activity/12', sitePages.activity],
      ['/member/activity/12/CheckIn', sitePages.checkIn],
      ['/System', sitePages.backOffice],
      ['/system/news/list', sitePages.backOffice],
    ] as const) {
      expect(sitePageAt(address)).toBe(page);
    }
    for (const address of ['/', '/404', '/homes', '/member/activity/x', '/member//card', '/info/7']) expect(sitePageAt(address)).toBeUndefined();
  });
});
