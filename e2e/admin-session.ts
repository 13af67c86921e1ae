import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { storageKeys } from '@portal/shared';

/**
 * Signing in to the back office in the journeys: through the real captcha flow (signIn) in the
 * journeys about signing in, and otherwise with a token from the API put where the login page
 * puts it (openBackOffice).
 */

/** Set for the seeded super administrator by e2e/server.ts. */
export const ADMIN = { account: 'admin', password: 'Journey-harbour-2024' };

export interface Envelope<T> {
  Code: number;
  Message: string;
  Data: T;
}

/** A name no earlier run has used (the database lives for the whole test run). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The captcha's answer, from the test-only seam of e2e/server.ts. */
export async function captchaAnswer(request: APIRequestContext, ticket: string): Promise<string> {
  const res = await request.get('/__e2e/captcha', { params: { ticket } });
  const { answer } = (await res.json()) as { answer: string | null };
  expect(answer, `captcha answer for ${ticket}`).toBeTruthy();
  return answer!;
}

/** Waits for the next captcha the page loads and answers its ticket. */
export const nextCaptchaTicket = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/XfSystemApi/GetCode')).then(async (r) => ((await r.json()) as { Url: string }).Url);

/** Signs in on /login as a person would: account, password, the captcha's text, Enter. */
export async function signIn(page: Page, account = ADMIN.account, password = ADMIN.password) {
  await submitSignIn(page, account, password);
  await expect(page).toHaveURL(/\/System\/home$/);
}

/** Fills in and sends the sign-in form, without waiting for where it leads. */
export async function submitSignIn(page: Page, account: string, password: string) {
  // The ticket the form sends is that of a captcha asked for once the page shows its first one,
  // when no other is on its way. Listening for the page's first captcha itself raced it: a
  // listener added once the new document arrived missed the answer a page had already had on a
  // busy machine (the sign-in then waited for nothing), and one added before the navigation
  // also heard the previous page's (after 退出登录 that page is /login too).
  await page.goto('/login');
  const shown = page.getByRole('img', { name: '验证码' });
  const first = await shown.getAttribute('src');
  const ticket = nextCaptchaTicket(page);
  await page.getByRole('button', { name: '验证码图片，点击刷新' }).click();
  const answer = await captchaAnswer(page.request, await ticket);
  // The form holds the new ticket once it shows the new image.
  await expect(shown).not.toHaveAttribute('src', first!);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码', { exact: true }).fill(answer);
  await page.getByLabel('验证码', { exact: true }).press('Enter');
}

/** A token for an administrator (the seeded super administrator by default), through GetCode, the captcha seam and Login. */
export async function adminToken(request: APIRequestContext, account = ADMIN.account, password = ADMIN.password): Promise<string> {
  const code = (await (await request.get('/api/XfSystemApi/GetCode')).json()) as Envelope<string> & { Url: string };
  const TreeCode = await captchaAnswer(request, code.Url);
  const res = await request.post('/api/XfSystemApi/Login', { data: { Account: account, Password: password, TreeCode, FullName: code.Url } });
  const body = (await res.json()) as Envelope<string>;
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

/**
 * The seeded super administrator's session of this worker, signed in once through the API: each
 * worker is a process of its own driving a server of its own. A journey that ends its session
 * (退出登录, Logout) signs in for itself instead, so this one lives as long as the worker.
 */
let workerSession: Promise<string> | undefined;

/**
 * Drops the worker's session, for the next journey to sign in anew: the server's clock moved past
 * the two hours a session may idle (election-session.ts's serverClock) has ended it.
 */
export function forgetWorkerSession() {
  workerSession = undefined;
}

function workerAdminToken(request: APIRequestContext): Promise<string> {
  workerSession ??= adminToken(request).catch((error: unknown) => {
    workerSession = undefined;
    throw error;
  });
  return workerSession;
}

/**
 * Opens the back office signed in, on 工作台 where signIn leads or on the page `at`, for the
 * journeys that are not about signing in: the token, from the API (GetCode, the captcha seam,
 * Login), is put in the browser's storage as the login page puts it (localStorage
 * `backstageToken`) before the first back-office page loads. A journey about one page opens it at
 * once: a back-office page's first load is about two CPU-seconds of the browser, and 工作台 on
 * the way there was one more. As the seeded super administrator the worker's session is used; with
 * an account `as` (ADMIN too, for a journey that signs out) a session of its own is opened.
 */
export async function openBackOffice(page: Page, { as, at = '/System/home' }: { as?: { account: string; password: string }; at?: string } = {}) {
  const token = as ? await adminToken(page.request, as.account, as.password) : await workerAdminToken(page.request);
  // A small document of the site's origin, for its storage.
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKeys.adminToken, token] as const);
  await page.goto(at);
  await expect(page).toHaveURL((url) => url.pathname + url.search === at);
}

/** Opens a back-office page from the sidebar and waits until its tab is the active one. */
export async function openFromSidebar(page: Page, group: string, item: string) {
  const sidebar = page.getByRole('menu', { name: '后台导航' });
  const groupItem = sidebar.getByRole('menuitem', { name: group });
  const entry = sidebar.getByRole('menuitem', { name: item });
  const tab = page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name: item });
  // Right after sign-in the sidebar may still be opening or closing a group (its menus arrive
  // from the server): open the group when its entry is not shown, click, and look again.
  await expect(async () => {
    if (!(await entry.isVisible())) await groupItem.click();
    await entry.click({ timeout: 3_000 });
    // The page is shown (its code may load first) when its tab is the active one.
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Creates an administrator through SaveAdminUser and, as its owner, replaces the password the
 * creator chose (the first sign-in may do nothing else) with `password`. For journeys about
 * what the account does afterwards; the forced change itself is walked in admin.spec.ts.
 */
export async function createAdminAccount(
  request: APIRequestContext,
  superToken: string,
  account: { Account: string; FullName: string; RoleId: number },
  password: string,
): Promise<void> {
  const initial = `Initial${password}`;
  const saved = (await (
    await request.post('/api/XfSystemApi/SaveAdminUser', { headers: { token: superToken }, data: { ...account, Password: initial } })
  ).json()) as Envelope<unknown>;
  expect(saved.Code, saved.Message).toBe(200);
  const token = await adminToken(request, account.Account, initial);
  const changed = (await (
    await request.post('/api/XfSystemApi/EditAdminPwd', { headers: { token }, data: { Password: initial, Newpwd: password, againNewpwd: password } })
  ).json()) as Envelope<unknown>;
  expect(changed.Code, changed.Message).toBe(200);
}

interface SystemMenu {
  MenuId: number;
  perms: string;
  children: SystemMenu[];
}

/** A role granted these permissions (with the pages and folders above them), through SaveRole; answers its id. */
export async function roleWith(request: APIRequestContext, token: string, name: string, perms: readonly string[]): Promise<number> {
  const tree = (await (await request.get('/api/XfSystemApi/GetSystemMenuList', { headers: { token }, params: { all: 1 } })).json()) as Envelope<SystemMenu[]>;
  const ids = new Set<number>();
  const walk = (menus: readonly SystemMenu[], above: readonly number[]) => {
    for (const m of menus) {
      if (perms.includes(m.perms)) [...above, m.MenuId].forEach((id) => ids.add(id));
      walk(m.children ?? [], [...above, m.MenuId]);
    }
  };
  walk(tree.Data, []);
  const saved = (await (
    await request.post('/api/XfSystemApi/SaveRole', { headers: { token }, data: { RoleId: 0, RoleName: name, Status: 1, MenuIds: [...ids] } })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);
  return saved.Data;
}

/** The article dialog's rich-text editor has started (typing or saving before then would race it). */
export const editorReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { tinymce?: { activeEditor?: { initialized: boolean } } }).tinymce?.activeEditor?.initialized);

/** Sets the open editor's text, as pasting a whole document would. */
export const setEditorContent = (page: Page, html: string) =>
  page.evaluate(
    (text) => (window as unknown as { tinymce: { activeEditor: { setContent: (html: string) => void } } }).tinymce.activeEditor.setContent(text),
    html,
  );

/** 文章管理's 新增文章 with its title and a menu under 新闻中心, the editor ready; answers the dialog. */
export async function openNewArticle(page: Page, title: string, menu = '协会动态') {
  await page.goto('/System/content/news');
  await page.getByRole('button', { name: '新增文章' }).click();
  const dialog = page.getByRole('dialog', { name: '新增文章' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('所属栏目').click();
  // A click on the parent opens its children (as on a touch screen), then the menu is chosen.
  await page.getByRole('menuitemcheckbox', { name: '新闻中心' }).click();
  await page.getByRole('menuitemcheckbox', { name: menu }).click();
  await editorReady(page);
  return dialog;
}

/** An article made through SaveNews; answers its id. */
export async function saveArticleByApi(
  request: APIRequestContext,
  token: string,
  article: { MenuId: number; Title: string; NewContent: string; Status?: number; NewsCreateTime?: string; OfflineTime?: string },
): Promise<number> {
  const res = await request.post('/api/XfSysBussiness/SaveNews', { data: article, headers: { token } });
  const saved = (await res.json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);
  return saved.Data;
}
