/** The public pages the web benchmark measures, found on the running demo site. */
export interface BenchPage {
  name: string;
  path: string;
}

interface Envelope<T> {
  Code: number;
  Data: T;
}

async function api<T>(base: string, call: string, query: Record<string, string | number> = {}): Promise<T> {
  const url = new URL(`/api/XfWebApi/${call}`, base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const body = (await (await fetch(url)).json()) as Envelope<T>;
  if (body.Code !== 200) throw new Error(`${call} answered ${body.Code}`);
  return body.Data;
}

interface MenuNode {
  MenuId: number;
  ParentId: number;
  Name: string;
  ChildList?: MenuNode[];
}

export async function benchPages(base: string, verifyToken: string): Promise<BenchPage[]> {
  const menus = await api<MenuNode[]>(base, 'GetMenuList', { parentid: -1 });
  const all = menus.flatMap(function walk(m): MenuNode[] {
    return [m, ...(m.ChildList ?? []).flatMap(walk)];
  });
  const notices = all.find((m) => m.Name === '通知公告');
  if (!notices) throw new Error('no 通知公告 menu in the demo data');
  const latest = await api<{ List: { MenuId: number; NewsId: number; IsMemberRead: boolean }[] }>(base, 'GetNewsReList', { pageindex: 1, pagesize: 10 });
  const article = latest.List.find((n) => !n.IsMemberRead);
  if (!article) throw new Error('no public article in the demo data');
  return [
    { name: '/home', path: '/home' },
    { name: '/menuList (通知公告)', path: `/menuList?ParentId=${notices.ParentId}&MenuId=${notices.MenuId}` },
    { name: '/info (article)', path: `/info?MenuId=${article.MenuId}&NewsId=${article.NewsId}` },
    { name: '/searchKey', path: `/searchKey?key=${encodeURIComponent('保险')}` },
    { name: '/certsearch', path: '/certsearch' },
    { name: '/cert/verify/<token>', path: `/cert/verify/${verifyToken}` },
    { name: '/404', path: '/404' },
  ];
}
