import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { insertBanner, insertMenu, insertNews, insertPosition, timeAt } from './fixtures.js';

/** A public page type and an address of it, as a visitor asks for it. */
export interface PublicPage {
  type: string;
  url: string;
  /** The status the server answers it with. */
  status: 200 | 404;
}

/**
 * A small site with something on every public page: a home menu, a column with a submenu and a
 * single-page menu, articles (one for members only) on the home seats, a banner, a friend link.
 * Answers an address of every public page type the server draws.
 */
export async function seedPublicSite(db: Kysely<DB>): Promise<PublicPage[]> {
  await insertMenu(db, { name: '首页', curValue: 'home' });
  const center = await insertMenu(db, { name: '新闻中心' });
  const policy = await insertMenu(db, { name: '政策要闻', parentId: center });
  const about = await insertMenu(db, { name: '协会简介', showType: 1 });
  const article = await insertNews(db, {
    menuId: policy,
    title: '关于开展工程质量保险试点的通知',
    content: '<p>工程质量保险试点</p>',
    imageUrl: '/uploads/2026/cover.png',
    newsCreateTime: timeAt(10),
  });
  await insertNews(db, { menuId: policy, title: '保险条款解读', content: '<p>条款</p>', newsCreateTime: timeAt(11) });
  const memberOnly = await insertNews(db, {
    menuId: policy,
    title: '会员内参第一期',
    content: '<p>仅限会员</p>',
    isMemberRead: true,
    newsCreateTime: timeAt(12),
  });
  await insertNews(db, { menuId: about, title: '协会简介', content: '<p>协会成立于二〇一六年。</p>', newsCreateTime: timeAt(5) });
  for (const seat of [1, 4]) await insertPosition(db, { seat, newsId: article });
  await insertBanner(db, { title: '年会', imageUrl: '/uploads/2026/banner.png', jumpUrl: '/home' });
  // A vote whose count is open while it runs (its page reads the count too), and a members' survey (a visitor is told to log in).
  const form = (title: string, kind: string, audience: string) =>
    db
      .insertInto('forms')
      .values({
        title,
        kind,
        audience,
        status: 1,
        results_visible: 'during',
        definition: JSON.stringify([{ Key: 'pick', Type: 'radio', Label: '优秀单位', Options: ['甲公司', '乙公司'] }]),
        created_at: timeAt(1),
        updated_at: timeAt(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const vote = await form('年度优秀单位评选', 'vote', 'public');
  const survey = await form('会员满意度调查', 'survey', 'members');
  await db
    .insertInto('friend_links')
    .values({ title: '住房和城乡建设部', url: 'https://www.mohurd.gov.cn/', sort_number: 1, status: 1, created_at: timeAt(1) })
    .execute();
  return [
    { type: 'home', url: '/home', status: 200 },
    { type: 'home, later pages of its sections', url: '/home?latest=2&tab=4&tabPage=2', status: 200 },
    { type: 'menu list', url: `/menuList?ParentId=${center}&MenuId=${policy}`, status: 200 },
    { type: 'single-page menu', url: `/menuList?ParentId=0&MenuId=${about}`, status: 200 },
    { type: 'article', url: `/info?MenuId=${policy}&NewsId=${article}`, status: 200 },
    { type: 'member-only article', url: `/info?MenuId=${policy}&NewsId=${memberOnly}`, status: 200 },
    { type: 'search', url: `/searchKey?key=${encodeURIComponent('保险')}`, status: 200 },
    { type: 'certificate lookup', url: '/certsearch', status: 200 },
    { type: 'member directory', url: '/directory', status: 200 },
    { type: 'accessibility statement', url: '/accessibility', status: 200 },
    { type: 'contribution centre', url: '/contribute', status: 200 },
    { type: 'member page', url: '/member/membership', status: 200 },
    { type: 'form with its open results', url: `/form/${vote.id}`, status: 200 },
    { type: "members' form seen by a visitor", url: `/form/${survey.id}`, status: 200 },
    { type: 'unknown form', url: '/form/999999', status: 404 },
    { type: 'member elections', url: '/member/election', status: 200 },
    { type: 'member inbox', url: '/member/inbox', status: 200 },
    { type: 'member notification settings', url: '/member/notifications', status: 200 },
    // A token the site did not make: the refusal is the page's answer.
    { type: 'unsubscribe link', url: '/unsubscribe?t=notice.1.1.x', status: 200 },
    // An election not closed (or none) is the page's notice: its refusal is the page's data.
    { type: 'election result', url: '/election/999999', status: 200 },
    { type: 'unknown address', url: '/no-such-page', status: 404 },
    { type: 'unknown menu', url: '/menuList?MenuId=999999', status: 404 },
  ];
}
