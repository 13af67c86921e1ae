import { cstDate } from '@portal/shared';
import type { SiteInfo } from '../config.js';
import { articleContext, type ArticleTemplate } from './context.js';
import { demoMenuNames as m, type DemoMenuName } from './menus.js';
import { singlePages } from './pages.js';
import type { Random } from './random.js';
import {
  appraisalTemplates,
  contributionTemplates,
  creditTemplates,
  examTemplates,
  expertTemplates,
  journalTemplates,
  leaderTemplates,
  showcaseTemplates,
  statisticsTemplates,
  trainingTemplates,
} from './service-kinds.js';
import { activityTemplates, industryTemplates, localNewsTemplates, memberNewsTemplates, noticeTemplates, policyTemplates } from './news-kinds.js';
import { policyTopics, type Topic } from './vocabulary.js';

/** How one list menu is filled. */
export interface MenuPlan {
  menu: DemoMenuName;
  templates: readonly ArticleTemplate[];
  /** At most this many articles; one whose headline repeats an earlier one is dropped. */
  count: number;
  /** How many of the newest articles are pinned (IsTop). */
  top?: number;
  /** Member-only articles: all of them, or every other one. */
  memberRead?: 'all' | 'alternate';
  /** Share of the articles with a cover image. */
  imageShare?: number;
  /** Narrows the subjects, e.g. policy news only covers regimes the authorities promote. */
  topics?: readonly Topic[];
}

export const articlePlans: readonly MenuPlan[] = [
  { menu: m.policy, templates: policyTemplates, count: 20, top: 2, imageShare: 0.3, topics: policyTopics },
  { menu: m.notices, templates: noticeTemplates, count: 18, top: 2 },
  { menu: m.activities, templates: activityTemplates, count: 12, top: 1, imageShare: 0.6 },
  { menu: m.memberNews, templates: memberNewsTemplates, count: 8, imageShare: 0.5 },
  { menu: m.localNews, templates: localNewsTemplates, count: 7, imageShare: 0.4 },
  { menu: m.industry, templates: industryTemplates, count: 14, imageShare: 0.3 },
  { menu: m.leaders, templates: leaderTemplates, count: 2 },
  { menu: m.experts, templates: expertTemplates, count: 6, imageShare: 0.3 },
  { menu: m.journal, templates: journalTemplates, count: 8, memberRead: 'all', imageShare: 1 },
  { menu: m.contribute, templates: contributionTemplates, count: 4 },
  { menu: m.appraisal, templates: appraisalTemplates, count: 6 },
  { menu: m.creditInfo, templates: creditTemplates, count: 5 },
  { menu: m.statistics, templates: statisticsTemplates, count: 8, memberRead: 'alternate' },
  { menu: m.showcase, templates: showcaseTemplates, count: 4, imageShare: 0.75 },
  { menu: m.trainingNotices, templates: trainingTemplates, count: 6, top: 1 },
  { menu: m.examNotices, templates: examTemplates, count: 4 },
];

/** An article ready to insert, still keyed by its menu's name. */
export interface DemoArticle {
  menu: DemoMenuName;
  title: string;
  content: string;
  imageUrl: string;
  isTop: boolean;
  isMemberRead: boolean;
  author: string;
  /** CST `yyyy-MM-dd HH:mm:ss`. */
  publishedAt: string;
  views: number;
}

export interface WriteOptions {
  rng: Random;
  site: SiteInfo;
  /** Articles are dated in the `spanDays` before this instant (ms). */
  now: number;
  spanDays: number;
  /** Public paths of the cover images to choose from. */
  covers: readonly string[];
  /** Drop articles whose headline was already used (the demo); the benchmark allows repeats. */
  unique: boolean;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Publish times for `count` articles, oldest first. Denser towards the present, as a live site
 * publishes more than it archives; office hours CST; never today, so nothing is in the future.
 */
function publishTimes(count: number, { rng, now, spanDays }: WriteOptions): string[] {
  const times: string[] = [];
  for (let k = 0; k < count; k++) {
    const position = (k + 0.2 + rng.next() * 0.6) / count;
    const daysAgo = Math.max(1, Math.round(spanDays * position ** 1.3));
    times.push(`${cstDate(now - daysAgo * DAY_MS)} ${pad(rng.int(8, 17))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`);
  }
  return times.sort();
}

/** The articles of one list menu, oldest first. */
export function writeArticles(plan: MenuPlan, options: WriteOptions, seen = new Set<string>()): DemoArticle[] {
  const { rng } = options;
  const times = publishTimes(plan.count, options);
  const pinned = new Set(rng.shuffle(Array.from({ length: Math.min(plan.count, 6) }, (_, i) => plan.count - 1 - i)).slice(0, plan.top ?? 0));
  // Each headline kind in turn (shuffled), so a menu shows all its kinds before any repeats.
  let order = rng.shuffle(plan.templates);
  let next = 0;
  const nextTemplate = () => {
    if (next === order.length) [order, next] = [rng.shuffle(plan.templates), 0];
    return order[next++] as ArticleTemplate;
  };
  const perYear = new Map<string, number>();
  const out: DemoArticle[] = [];
  times.forEach((publishedAt, index) => {
    const year = publishedAt.slice(0, 4);
    const yearSerial = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, yearSerial);
    const cover = options.covers.length > 0 && rng.chance(plan.imageShare ?? 0) ? rng.pick(options.covers) : undefined;
    const input = { site: options.site, publishedAt, serial: index + 1, yearSerial, cover, topics: plan.topics };
    // A repeated headline gets a few more tries with other kinds and places before it is dropped.
    for (let attempt = 0; attempt < 8; attempt++) {
      const article = nextTemplate()(articleContext(rng, input));
      if (options.unique) {
        if (seen.has(article.title)) continue;
        seen.add(article.title);
      }
      const ageDays = Math.max(1, (options.now - Date.parse(`${publishedAt.replace(' ', 'T')}+08:00`)) / DAY_MS);
      out.push({
        menu: plan.menu,
        title: article.title,
        content: article.body,
        imageUrl: cover ?? '',
        isTop: pinned.has(index),
        isMemberRead: plan.memberRead === 'all' || (plan.memberRead === 'alternate' && index % 2 === 1),
        author: article.author ?? '协会秘书处',
        publishedAt,
        views: Math.round(rng.int(40, 160) * Math.log2(1 + ageDays)),
      });
      return;
    }
  });
  return out;
}

/** Every demo article: the list menus' articles and one page per single-page menu. */
export function demoArticles(options: Omit<WriteOptions, 'spanDays' | 'unique'>): DemoArticle[] {
  const write: WriteOptions = { ...options, spanDays: 730, unique: true };
  const seen = new Set<string>();
  const lists = articlePlans.flatMap((plan) => writeArticles(plan, write, seen));
  // The pages date from the association's current website launch, before any news.
  const launched = `${cstDate(options.now - 735 * DAY_MS)} 10:00:00`;
  const pages = singlePages.map(({ menu, body }) => ({
    menu,
    title: menu,
    content: body(options.site),
    imageUrl: '',
    isTop: false,
    isMemberRead: false,
    author: '协会秘书处',
    publishedAt: launched,
    views: options.rng.int(800, 5000),
  }));
  return [...pages, ...lists];
}
