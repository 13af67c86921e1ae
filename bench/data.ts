import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { stripHtml } from '../apps/server/src/content/plain-text.js';
import { writeArticles, type MenuPlan } from '../apps/server/src/seed/articles.js';
import { demoMenuNames as m, seedIfEmpty } from '../apps/server/src/seed/index.js';
import { activityTemplates, industryTemplates, memberNewsTemplates, noticeTemplates, policyTemplates } from '../apps/server/src/seed/news-kinds.js';
import { createRandom } from '../apps/server/src/seed/random.js';
import { registerBigramFunction } from '../apps/server/src/db/bigrams.js';
import { hashPassword } from '../apps/server/src/features/system/auth/passwords.js';

/** The benchmark's database: the demo site plus generated articles, `target` in all. */
export interface BenchData {
  dataDir: string;
  articles: number;
  /** The menu holding most articles, so its deep pages exist. */
  bigMenuId: number;
  /** A recent article of that menu, for the detail call. */
  detailId: number;
  /** A demo member company that can sign in, for member-only reads. */
  member: { account: string; password: string };
  /** A member-only article (IsMemberRead). */
  memberNewsId: number;
  /** The newest of the published 在线留言 answers (addAnswers), for its own page. */
  answerId: number;
}

/** The bench member's password: the demo seed gives members one nobody knows. */
const MEMBER_PASSWORD = 'bench-member-2026';

const READY = 'ready.json';

/** Where the data set of `articles` articles is kept (bench/.data for the default 100,000). */
export function benchDataDir(articles: number): string {
  return path.join(import.meta.dirname, '.data', articles === 100_000 ? '' : String(articles));
}

/** Opens the data in `dataDir`, building it first when it is missing or was left half-built. */
export async function ensureData(dataDir: string, target: number): Promise<BenchData> {
  const marker = path.join(dataDir, READY);
  if (fs.existsSync(marker)) {
    const ready = JSON.parse(fs.readFileSync(marker, 'utf8')) as BenchData;
    // Data built before member-only reads (or 在线留言's pages) were measured lacks them: built again.
    if (ready.articles >= target && ready.member && ready.answerId) return ready;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const config = { ...loadConfig({}), dataDir, logLevel: 'warn' };
  // The real start-up path: migrations and the demo seed through the app itself.
  const app = await buildApp(config, { logger: false });
  await seedIfEmpty(app.services, app.log);
  await app.close();

  const file = new SQLite(path.join(dataDir, 'portal.db'));
  // The search index's triggers run on every insert below.
  registerBigramFunction(file);
  try {
    const data = { dataDir, ...bulkInsert(file, target), ...(await memberReader(file)), answerId: addAnswers(file) };
    addRevisions(file);
    file.pragma('wal_checkpoint(TRUNCATE)');
    fs.writeFileSync(marker, JSON.stringify(data, null, 2));
    console.log(`built ${data.articles} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return data;
  } finally {
    file.close();
  }
}

/**
 * The first approved demo member, given a known password, and the newest member-only article:
 * what a signed-in member's reads are measured with. Written in SQL both sides of a comparison
 * share (builds before membership dues have the same members table for these columns).
 */
async function memberReader(file: SQLite.Database): Promise<Pick<BenchData, 'member' | 'memberNewsId'>> {
  const { account } = file.prepare('SELECT account FROM members WHERE apply_state = 1 AND status = 1 ORDER BY id LIMIT 1').get() as { account: string };
  file.prepare('UPDATE members SET password_hash = ? WHERE account = ?').run(await hashPassword(MEMBER_PASSWORD), account);
  const article = file.prepare('SELECT id FROM news WHERE is_member_read = 1 AND status = 1 ORDER BY id DESC LIMIT 1').get() as { id: number };
  return { member: { account, password: MEMBER_PASSWORD }, memberNewsId: article.id };
}

/**
 * Publishing history: every tenth article (10,000 of 100,000) saved five times, each save kept
 * as a revision, as an office that edits its articles leaves them. Public reads must cost what
 * they did without it. Skipped by builds older than revisions (no news_revisions table), so the
 * same data can be built on either side of a comparison.
 */
function addRevisions(file: SQLite.Database): void {
  // RevisionKind.Created and .Edited, written out: older builds' shared package has no RevisionKind.
  const [CREATED, EDITED] = [1, 2];
  if (!file.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'news_revisions'").get()) return;
  const copy = file.prepare(
    `INSERT INTO news_revisions (news_id, version, kind, summary, admin_account, menu_id, title, content, image_url, status,
       is_top, is_member_read, author, news_create_time, created_at)
     SELECT id, ?, ?, ?, 'admin', menu_id, title, content, image_url, status, is_top, is_member_read, author, news_create_time, created_at
     FROM news WHERE id % 10 = 0`,
  );
  file.transaction(() => {
    for (let version = 1; version <= 5; version++) copy.run(version, version === 1 ? CREATED : EDITED, version === 1 ? '' : '正文');
    file.prepare('UPDATE news SET version = 5 WHERE id % 10 = 0').run();
  })();
}

const ANSWERS = 1_000;

/**
 * 在线留言's published questions and answers, a few a day over the last year, in SQL (the
 * columns of migration 049): what /messages and an answer's own page are drawn from. Answers
 * the newest one's id.
 */
function addAnswers(file: SQLite.Database): number {
  const insert = file.prepare(
    `INSERT INTO messages (query_code, category_id, origin, subject, content, asker_name, phone, email, may_publish, state,
       reply, replied_by, replied_at, reply_workdays, due_at, published, created_at, updated_at)
     VALUES (?, 1, 'web', ?, ?, '张三', '13800000000', '', 1, 2, ?, '综合业务部', ?, 2, ?, 1, ?, ?)`,
  );
  const at = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const now = Date.now();
  file.transaction(() => {
    for (let i = 0; i < ANSWERS; i++) {
      const asked = now - (ANSWERS - i) * 8 * 3_600_000;
      const topic = ['工程质量潜在缺陷保险', '安全生产责任保险', '工程担保', '会员证补办', '培训报名'][i % 5];
      const subject = `关于${topic}办理流程的咨询（${i + 1}）`;
      const content = `我单位承建的项目需办理${topic}，请问办理流程、所需材料和办理时限？`.repeat(2);
      const reply = `<p>您好，${topic}的办理材料包括施工合同、项目立项文件和勘察设计资料。</p><p>材料齐全后五个工作日内办结，可向协会秘书处咨询。</p>`;
      insert.run(
        `BENCH${String(i).padStart(15, '0')}`,
        subject,
        content,
        reply,
        at(asked + 86_400_000),
        at(asked + 7 * 86_400_000),
        at(asked),
        at(asked + 86_400_000),
      );
    }
  })();
  return (file.prepare("SELECT MAX(id) AS id FROM messages WHERE origin = 'web'").get() as { id: number }).id;
}

/** Share of the generated articles per menu; most go to 政策要闻 so its page 500 exists. */
const spread = [
  { menu: m.policy, share: 0.9, templates: [...policyTemplates, ...industryTemplates] },
  { menu: m.notices, share: 0.03, templates: noticeTemplates },
  { menu: m.activities, share: 0.03, templates: activityTemplates },
  { menu: m.industry, share: 0.02, templates: industryTemplates },
  { menu: m.memberNews, share: 0.02, templates: memberNewsTemplates },
] as const;

const YEARS = 10;
const DAY_MS = 86_400_000;

/** Ten years of articles in one transaction through one prepared statement. */
function bulkInsert(file: SQLite.Database, target: number): Pick<BenchData, 'articles' | 'bigMenuId' | 'detailId'> {
  const count = () => (file.prepare('SELECT COUNT(*) AS n FROM news').get() as { n: number }).n;
  const menuId = (name: string) => (file.prepare('SELECT id FROM menus WHERE name = ?').get(name) as { id: number }).id;
  const missing = target - count();
  const insert = file.prepare(
    `INSERT INTO news (menu_id, title, content, body_text, image_url, status, is_top, is_member_read, author, member_id,
       process_item_name, views, news_create_time, created_at, updated_at)
     VALUES (?, ?, ?, ?, '', 1, 0, 0, ?, NULL, '', ?, ?, ?, ?)`,
  );
  const site = loadConfig({}).site;
  const rng = createRandom(4242);
  const now = Date.now();
  file.transaction(() => {
    const counts = spread.map((part) => Math.round(missing * part.share));
    counts[0] = (counts[0] ?? 0) + missing - counts.reduce((n, c) => n + c, 0);
    for (const [i, part] of spread.entries()) {
      const id = menuId(part.menu);
      // Written a year at a time, so only one year's bodies are held in memory at once.
      let left = counts[i] ?? 0;
      for (let year = 0; year < YEARS && left > 0; year++) {
        const plan: MenuPlan = { menu: part.menu, templates: part.templates, count: Math.ceil(left / (YEARS - year)) };
        left -= plan.count;
        const options = { rng, site, now: now - year * 365 * DAY_MS, spanDays: 365, covers: [], unique: false };
        for (const a of writeArticles(plan, options)) {
          insert.run(id, a.title, a.content, stripHtml(a.content), a.author, a.views, a.publishedAt, a.publishedAt, a.publishedAt);
        }
      }
    }
  })();
  const bigMenuId = menuId(m.policy);
  const detail = file.prepare('SELECT id FROM news WHERE menu_id = ? ORDER BY news_create_time DESC LIMIT 1').get(bigMenuId) as { id: number };
  return { articles: count(), bigMenuId, detailId: detail.id };
}

/** Article pages in random order, enough for a crawl that never asks one twice (`fresh=n` is appended and dropped by the page's address). */
export function articlePaths(data: BenchData, count: number): string[] {
  const file = new SQLite(path.join(data.dataDir, 'portal.db'), { readonly: true });
  try {
    const rows = file.prepare('SELECT id, menu_id AS menuId FROM news WHERE status = 1 AND is_member_read = 0 ORDER BY random() LIMIT ?').all(count) as Array<{
      id: number;
      menuId: number;
    }>;
    return rows.map(({ id, menuId }) => `/info?MenuId=${menuId}&NewsId=${id}&`);
  } finally {
    file.close();
  }
}
