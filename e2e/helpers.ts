import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { idCheckCharacter } from '@portal/shared';
import { adminToken, unique, type Envelope } from './admin-session.js';

/** Shared helpers for the UI journeys: read the demo site's data through the same public calls the page makes. */

/** The parts of a GetMenuList node the journeys need. */
export interface MenuNode {
  MenuId: number;
  ParentId: number;
  Name: string;
  ChildList: MenuNode[];
}

/** Calls a public XfWebApi call and answers its Data, failing the test unless Code is 200. */
export async function apiData<T>(request: APIRequestContext, name: string, params: Record<string, string | number> = {}): Promise<T> {
  const res = await request.get(`/api/XfWebApi/${name}`, { params });
  expect(res.ok(), `${name} answers`).toBeTruthy();
  const body = (await res.json()) as { Code: number; Message: string; Data: T };
  expect(body.Code, `${name}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** A demo menu found by name in the public menu tree. */
export async function menuByName(request: APIRequestContext, name: string): Promise<MenuNode> {
  const tree = await apiData<MenuNode[]>(request, 'GetMenuList', { parentid: -1 });
  const find = (menus: readonly MenuNode[]): MenuNode | undefined => {
    for (const menu of menus) {
      const hit = menu.Name === name ? menu : find(menu.ChildList ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const menu = find(tree);
  expect(menu, `demo menu ${name}`).toBeDefined();
  return menu!;
}

/** The menuList address of a menu, as the site builds it. */
export const menuListPath = (menu: Pick<MenuNode, 'ParentId' | 'MenuId'>) => `/menuList?ParentId=${menu.ParentId}&MenuId=${menu.MenuId}`;

/** Escapes text for use inside a RegExp (addresses in toHaveURL). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits until a dialog's or popover's opening motion is over. On a loaded two-core machine the
 * zoom-in can still be running when Playwright judges a button stable (a click then lands beside
 * it, on the mask), and a half-transparent dialog blends its colours with the page behind it
 * (axe then measures the blend). antd's motion first marks the element with a `<name>-appear` or
 * `-enter` class and holds it invisible for a frame before any animation exists, so waiting for
 * the running animations alone can return before the motion has begun: wait for those classes
 * to go from the whole overlay (dialog and mask), then for what still runs.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    let overlay: Element = element;
    while (overlay.parentElement && overlay.parentElement !== document.body) overlay = overlay.parentElement;
    const inMotion = /(^|\s)[\w-]+-(appear|enter|leave)(\s|$)/;
    const moving = () => [overlay, ...overlay.querySelectorAll('*')].some((e) => inMotion.test(e.getAttribute('class') ?? ''));
    const deadline = Date.now() + 5_000;
    while (moving()) {
      if (Date.now() > deadline) throw new Error('the overlay was still in motion after 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A cancelled animation (the element re-rendered) rejects `finished`; it is over all the same.
    await Promise.all(overlay.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Types a date (or date and time) into an antd picker and confirms it with Enter. The field is
 * clicked first, as a person does: a pointer left resting where the calendar opens (on a dialog's
 * 确定, say) puts the hovered day in the field as the picker's preview, and the typed date was
 * then lost about half the time. The end field of a range is typed without this: the start's
 * Enter moves the focus there, and the pointer rests on the start field.
 */
export async function typeDate(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

/** The parts of a news list entry the journeys read. */
export interface NewsListEntry {
  NewsId: number;
  MenuId: number;
  Title: string;
  Summary: string;
  IsMemberRead: boolean;
}

/** The newest demo articles, as the home page lists them. */
export async function latestNews(request: APIRequestContext): Promise<NewsListEntry[]> {
  return (await apiData<{ List: NewsListEntry[] }>(request, 'GetNewsReList', { pageindex: 1, pagesize: 20 })).List;
}

/** A newest public (not member-only) demo article with text. */
export async function publicArticle(request: APIRequestContext): Promise<NewsListEntry> {
  const article = (await latestNews(request)).find((n) => !n.IsMemberRead && n.Summary);
  expect(article, 'a public demo article with text').toBeDefined();
  return article!;
}

/** A valid mainland ID number with order code `serial` (GB 11643 check character). */
export const idNumber = (serial: number) => {
  const first17 = `110101199003${String((serial % 28) + 1).padStart(2, '0')}${String(serial % 1000).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
};

/** Where the keyboard focus is, and how it is drawn (see focusedElement). */
export interface FocusStop {
  /** The part of the public shell that holds it: the skip link, header, top navigation, main content or footer. */
  region: 'skip' | 'header' | 'navigation' | 'main' | 'footer' | 'other';
  label: string;
  /** An outline is drawn (on a text field: or on its box): its style is not none and it is at least 1 px wide. */
  outline: boolean;
  /** A box-shadow is drawn (text fields show focus with one on their box). */
  boxShadow: boolean;
  /** The browser matches :focus-visible (a keyboard focus ring is due). */
  focusVisible: boolean;
  /** The element itself is what shows at its centre: on screen, not clipped away or covered. */
  seen: boolean;
}

/** The focused element of the public shell and how its focus shows (computed styles), or null when the focus is on the page itself. */
export async function focusedElement(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    // An Element, not only an HTMLElement: a chart's <svg> takes the focus too (Recharts' keyboard layer).
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    // A text field draws its focus on the box around it (TextInput, antd's inputs): the field or
    // one of its two parents.
    const drawers = el.matches('input, textarea') ? [el, el.parentElement, el.parentElement?.parentElement] : [el];
    const styles = drawers.filter((e): e is Element => e instanceof Element).map((e) => getComputedStyle(e));
    // A link wrapped over two lines: the middle of its whole box may fall between the lines, on
    // its parent; the middle of its first line is on the link itself.
    const rect = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const region = el.matches('a[href="#main"]')
      ? 'skip'
      : el.closest('footer')
        ? 'footer'
        : el.closest('main')
          ? 'main'
          : el.closest('nav[aria-label="网站导航"]')
            ? 'navigation'
            : el.closest('header')
              ? 'header'
              : 'other';
    return {
      region,
      label: `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}`,
      outline: styles.some((s) => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1),
      boxShadow: styles.some((s) => s.boxShadow !== 'none'),
      focusVisible: el.matches(':focus-visible'),
      seen: rect.width > 0 && rect.height > 0 && hit !== null && (hit === el || el.contains(hit)),
    } as const;
  });
}

/** The filing numbers every footer shows (the public site's and the verification pages'), each linked to its record. */
export async function expectFilings(footer: Locator): Promise<void> {
  await expect(footer.getByRole('link', { name: /ICP备/ })).toHaveAttribute('href', 'https://beian.miit.gov.cn');
  await expect(footer.getByRole('link', { name: /公网安备/ })).toHaveAttribute('href', /^https:\/\/beian\.mps\.gov\.cn\/#\/query\/webSearch\?code=\d+$/);
}

/** A certificate record of our own and the address of its verification page. */
export async function verificationPath(request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  const saved = (await (
    await request.post('/api/XfSysBussiness/EditCertInfo', {
      headers: { token },
      data: {
        _certId: 0,
        _name: '校验测试',
        _idNum: idNumber(Math.floor(Math.random() * 10_000)),
        _company: '示例建设工程有限公司',
        _examTime: '2025-03-16',
        _examStatus: 1,
        _certNum: unique('HTML-').toUpperCase(),
        _issueDate: '2025-04-01',
      },
    })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);
  const model = (await (await request.get('/api/XfSysBussiness/GetCertModel', { headers: { token }, params: { CertId: saved.Data } })).json()) as Envelope<{
    _verifyUrl: string;
  }>;
  expect(model.Code, model.Message).toBe(200);
  return new URL(model.Data._verifyUrl).pathname;
}

/** The page is no wider than the window: whatever is wide (a table) scrolls in a box of its own. Soft: the journey goes on to name every page that is. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect.soft(widths.scroll, `${what}: page wider than the window`).toBeLessThanOrEqual(widths.client);
}

/** Ticks 我已阅读并同意《隐私政策》 under a form that collects personal data (components/PrivacyConsent.tsx). */
export async function agreeToPrivacy(scope: Page | Locator): Promise<void> {
  await scope.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
}

/** The current privacy policy version, as a form sends it with a submission made through the API. */
export async function privacyVersion(request: APIRequestContext): Promise<number> {
  return (await apiData<{ Version: number }>(request, 'GetPrivacyPolicy')).Version;
}
