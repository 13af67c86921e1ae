import {
  ARTICLE_CRUMB,
  ArticleStatus,
  articlePath,
  articleWarning,
  codeMessages,
  formPath,
  HOME_PATH,
  menuPath,
  MenuShowType,
  messageAnswerPath,
  messages,
  pageAudience,
  respelledPageAddress,
  sitePageAt,
  sitePages,
  type SitePage,
} from '@portal/shared';
import type { Kysely } from 'kysely';
import { compiledRead } from '../../db/compiled.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import type { ContentTag } from '../../cache/generations.js';
import { assetUrl } from '../../http/assets.js';
import { menuIndex } from '../menus/service.js';
import { ancestry, type Menu, type MenuIndex } from '../menus/tree.js';
import { itemQuery, toItem, type NewsItem } from '../articles/items.js';
import { opensPreview } from '../news/preview.js';
import { formHead } from '../forms/reading.js';
import { findPublishedMessage } from '../messages/publication.js';

/** What the head of a public page says about it (title, description, share card, structured data). */
export interface PageHead {
  /** The page's own name (an article's title); the document title adds the site name. */
  title: string;
  description: string;
  /** Path of the page's one address (canonical), e.g. /info?MenuId=3&NewsId=7. */
  path: string;
  /** Share image: a stored asset path or an address; the site's emblem when absent. */
  image?: string;
  type: 'website' | 'article';
  /** Pages that must not be indexed: search results, the back office, member-only text, 404. */
  noindex?: boolean;
  /**
   * author: the member company that contributed the article; the association (the publisher)
   * writes the others.
   */
  article?: { published: string; modified: string; section: string; author?: string };
  /** Where the page sits (BreadcrumbList): 首页, the menus down to it, the page itself last. */
  trail?: { name: string; path: string }[];
  /** The menu whose own feed the page links beside the site's: a list menu's page and its articles. */
  feedMenu?: { id: number; name: string };
}

export type PageAnswer =
  | { kind: 'redirect'; location: string }
  /**
   * serverRendered: a page drawn on the server as a visitor sees it (not the back office, not /login).
   * headFrom: what its head was read from (a kept page is dropped when one of them changes; its
   * body's sources are its calls', render.ts).
   */
  | { kind: 'page'; status: 200 | 404 | 503; head: PageHead; headFrom: readonly ContentTag[]; serverRendered?: boolean };

/** Every page's head names the site's menus (its trail, its feeds); most read nothing else. */
const MENUS: readonly ContentTag[] = ['menus'];
const menuSources = (menuId: number): readonly ContentTag[] => ['menus', `news:menu-${menuId}`];
const articleSources = (newsId: number): readonly ContentTag[] => ['menus', `news:${newsId}`];

/**
 * Another spelling of a page's address that answers with a permanent redirect to the one its
 * links use, before the page is looked up or kept: `/index.html` (what old sites and some
 * crawlers ask for) is /home, and a page's parameter names are read in any case, as the API
 * reads them (`/info?menuid=8&newsid=12` → `/info?MenuId=8&NewsId=12`).
 */
export function canonicalSpelling(address: string): string | undefined {
  const at = address.indexOf('?');
  const pathname = at < 0 ? address : address.slice(0, at);
  if (/^\/index\.html?$/i.test(pathname)) return HOME_PATH + (at < 0 ? '' : address.slice(at));
  return respelledPageAddress(address);
}

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Decides, from the data, what a page address answers before the web app runs: its HTTP status
 * (404 for unknown routes, menus and articles a visitor cannot open), a redirect, and its head.
 * Reads the services in-process; opening an article here counts no view (the page's own
 * GetNewsDetail does).
 */
export async function resolvePage(services: Services, url: URL): Promise<PageAnswer> {
  const { site } = services.config;
  const path = url.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const notFound: PageAnswer = {
    kind: 'page',
    status: 404,
    head: { title: '页面不存在', description: '您访问的页面不存在', path: '/404', type: 'website', noindex: true },
    headFrom: MENUS,
    serverRendered: true,
  };
  if (path === '/') return { kind: 'redirect', location: `${HOME_PATH}${url.search}` };
  const page = sitePageAt(path);
  if (page === sitePages.home)
    return {
      kind: 'page',
      status: 200,
      head: { title: site.name, description: homeDescription(services), path: HOME_PATH, type: 'website' },
      headFrom: MENUS,
      serverRendered: true,
    };
  if (page === sitePages.menuList) return (await menuPage(services, positiveId(url.searchParams.get('MenuId')))) ?? notFound;
  if (page === sitePages.info) {
    // The page says which thing is missing (the web app's 404 page names the article too).
    const articleNotFound: PageAnswer = { ...notFound, head: { ...notFound.head, title: '文章不存在', description: '您访问的文章不存在或已删除' } };
    return (await articlePage(services, positiveId(url.searchParams.get('NewsId')), url.searchParams.get('preview'))) ?? articleNotFound;
  }
  if (page === sitePages.form) return (await formPage(services, positiveId(url.pathname.split('/')[2] ?? null))) ?? notFound;
  if (page === sitePages.messageAnswer) return (await messageAnswerPage(services, positiveId(url.pathname.split('/')[2] ?? null))) ?? notFound;
  return (page && declaredPage(services, page, url.pathname)) ?? notFound;
}

/**
 * A form's page (表单, 问卷, 投票) under its own title; a form for members only is not indexed (a
 * visitor's page is its notice to log in). Drawn afresh each time (sitePages.form), so its head
 * is read from the form alone.
 */
async function formPage(services: Services, formId: number | undefined): Promise<PageAnswer | undefined> {
  if (formId === undefined) return undefined;
  const form = await formHead(services.database.db, formId);
  if (!form) return undefined;
  const { site } = services.config;
  return {
    kind: 'page',
    status: 200,
    serverRendered: true,
    headFrom: MENUS,
    head: {
      title: form.title,
      description: form.description.slice(0, 120) || `${site.name}：${form.title}`,
      path: formPath(formId),
      type: 'website',
      noindex: !form.isPublic,
    },
  };
}

/**
 * A published question and answer under its public title (without the asker's personal data,
 * as GetPublicMessage gives it); a 404 once withdrawn. Its head is read from 在线留言's area, so
 * withdrawing or renaming drops the kept page.
 */
async function messageAnswerPage(services: Services, messageId: number | undefined): Promise<PageAnswer | undefined> {
  if (messageId === undefined) return undefined;
  const message = await findPublishedMessage(services.database.db, messageId);
  if (!message) return undefined;
  const board = sitePages.messages;
  return {
    kind: 'page',
    status: 200,
    serverRendered: true,
    headFrom: ['menus', 'messages'],
    head: {
      title: message.title,
      description: message.content.slice(0, 120),
      path: messageAnswerPath(message.id),
      type: 'website',
      trail: [...menuTrail([]), { name: board.title, path: board.path }, { name: message.title, path: messageAnswerPath(message.id) }],
    },
  };
}

/**
 * A page its declaration describes (packages/shared/src/pages.ts), at the address asked. A page
 * the configuration opens (会员名录) has one address; crawled when public, not indexed when for
 * members (the server draws the visitor's notice to log in), a 404 when off.
 */
function declaredPage(services: Services, page: SitePage, asked: string): PageAnswer | undefined {
  const title = page.title ?? services.config.site.name;
  if (page.audience !== 'configured') return plainPage(services, title, asked, page.noindex, page.serverRendered);
  const audience = pageAudience(page, services.config.memberDirectory);
  return audience === 'off' ? undefined : plainPage(services, title, page.path, audience !== 'public', page.serverRendered);
}

/**
 * What a public page answers while the database is away and no kept copy of it can stand in:
 * the web app's maintenance page (系统维护中，请稍后再试), drawn at the page's own address, not indexed.
 */
export function unavailablePage(services: Services, path: string): PageAnswer & { kind: 'page' } {
  const { site } = services.config;
  const text = codeMessages[503];
  return {
    kind: 'page',
    status: 503,
    head: { title: text, description: `${site.name}：${text}`, path, type: 'website', noindex: true },
    headFrom: MENUS,
    serverRendered: true,
  };
}

function plainPage(services: Services, title: string, path: string, noindex?: boolean, serverRendered?: boolean): PageAnswer {
  return {
    kind: 'page',
    status: 200,
    head: { title, description: homeDescription(services), path, type: 'website', noindex },
    headFrom: MENUS,
    serverRendered,
  };
}

const homeDescription = ({ config: { site } }: Services) => `${site.name}（${site.englishName}）官方网站：协会动态、政策法规、通知公告、会员服务与证书查询。`;

async function menuPage(services: Services, menuId: number | undefined): Promise<PageAnswer | undefined> {
  if (menuId === undefined) return undefined;
  const index = await menuIndex(services.database);
  const menu = index.byId.get(menuId);
  if (!menu || !index.readable.has(menuId)) return undefined;
  const { site } = services.config;
  // A single-page menu (协会简介) is described by its text; a list by where it sits.
  const singlePage = menu.showType === MenuShowType.SinglePage;
  const body = singlePage ? await firstArticle(services, menu.id) : undefined;
  const path = ancestry(index, menu.id);
  const trail = path.map((m) => m.name).join(' › ');
  return {
    kind: 'page',
    status: 200,
    serverRendered: true,
    headFrom: menuSources(menu.id),
    head: {
      title: menu.name,
      description: body?.summary || `${site.name} ${trail} 栏目的文章与通知。`,
      path: menuPath(menu),
      image: body?.imageUrl || undefined,
      type: 'website',
      trail: menuTrail(path),
      // A single page is one text, not a list of news: it has no feed of its own.
      feedMenu: singlePage ? undefined : { id: menu.id, name: menu.name },
    },
  };
}

/** 首页 and the menus from the top down to the page's (the crumbs above a menu list and an article). */
const menuTrail = (path: readonly Menu[]) => [{ name: sitePages.home.title, path: HOME_PATH }, ...path.map((m) => ({ name: m.name, path: menuPath(m) }))];

/** The published, public articles of one menu are what a visitor sees on its page; the first one is a single page's body. */
async function firstArticle(services: Services, menuId: number): Promise<NewsItem | undefined> {
  const row = await itemQuery(services.database.db)
    .where('n.menu_id', '=', menuId)
    .where('n.status', '=', ArticleStatus.Published)
    .orderBy('n.is_top', 'desc')
    .orderBy('n.news_create_time', 'desc')
    .orderBy('n.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toItem(row);
}

/**
 * An article page answers 404 when the article is unknown or in a menu the public may not read
 * (the rules of GetNewsDetail). An unpublished one is a page that says its status (文章已关闭,
 * 文章审核不通过, 文章审核中, 文章尚未发布; spec §2 info) and nothing else, not indexed. A
 * member-only article is a page (members open it), but its text is not described and it is not
 * indexed.
 */
/**
 * What an article's page head is made from: its item, when it was last saved, the contributing
 * member's name. Compiled once (db/compiled.ts): every article a crawler reads is looked up here
 * before it is drawn, and building the query each time was a few percent of the event loop's work
 * for the page.
 */
const readArticleHead = compiledRead((db: Kysely<DB>, { id }: { id: number }) =>
  itemQuery(db).leftJoin('members as mb', 'mb.id', 'n.member_id').select(['n.updated_at', 'mb.member_name']).where('n.id', '=', id),
);

async function articlePage(services: Services, newsId: number | undefined, preview: string | null): Promise<PageAnswer | undefined> {
  if (newsId === undefined) return undefined;
  const [row] = await readArticleHead(services.database.db, { id: newsId });
  if (!row) return undefined;
  const index = await menuIndex(services.database);
  const article = toItem(row);
  // A preview link (features/news/preview.ts) is a page whatever the article's state; its page
  // says whether the link still works. Never indexed.
  if (preview !== null) {
    const title = (await opensPreview(services.database.db, preview, article.id, services.now())) ? article.title : messages.previewInvalid;
    return {
      kind: 'page',
      status: 200,
      serverRendered: true,
      headFrom: articleSources(article.id),
      head: { title, description: title, path: articlePath(article), type: 'website', noindex: true },
    };
  }
  if (!index.readable.has(article.menuId)) return undefined;
  const warning = articleWarning(article.status);
  if (warning)
    return {
      kind: 'page',
      status: 200,
      serverRendered: true,
      headFrom: articleSources(article.id),
      head: { title: warning, description: warning, path: `/info?NewsId=${article.id}`, type: 'website', noindex: true },
    };
  const menu = index.byId.get(article.menuId);
  // A single-page menu's text has one address, the menu's (the one its navigation links and the
  // sitemap lists); its article address redirects there. Older articles of the menu, which the
  // page does not show, keep their own.
  if (menu?.showType === MenuShowType.SinglePage && (await firstArticle(services, menu.id))?.id === article.id)
    return { kind: 'redirect', location: menuPath(menu) };
  const listMenu = menu && menu.showType !== MenuShowType.SinglePage ? menu : undefined;
  return {
    kind: 'page',
    status: 200,
    serverRendered: true,
    headFrom: articleSources(article.id),
    head: {
      title: article.title,
      description: article.isMemberRead ? `${article.title}（会员专享，请登录后阅读）` : article.summary || article.title,
      path: articlePath(article),
      image: article.isMemberRead ? undefined : article.imageUrl || undefined,
      type: 'article',
      noindex: article.isMemberRead,
      article: { published: article.newsCreateTime, modified: row.updated_at, section: sectionOf(index, article.menuId), author: row.member_name ?? undefined },
      // Ends as the page's own crumbs do: the headline is the NewsArticle's, the trail's last step 正文.
      trail: [...menuTrail(ancestry(index, article.menuId)), { name: ARTICLE_CRUMB, path: articlePath(article) }],
      feedMenu: listMenu && { id: listMenu.id, name: listMenu.name },
    },
  };
}

const sectionOf = (index: MenuIndex, menuId: number) => (index.byId.get(menuId) as Menu | undefined)?.name ?? '';

/** An asset address as an absolute URL, for share cards and structured data. */
export function absoluteAsset(services: Services, base: string, stored: string): string {
  const address = assetUrl(services.config.assetBaseUrl, stored);
  return address.startsWith('/') && !address.startsWith('//') ? base + address : address;
}
