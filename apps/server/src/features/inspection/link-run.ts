import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { ArticleStatus, Code, formatCst, linkCheckMessages } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/envelope.js';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { LinkChecker, type CheckedLink, type PageStatus } from './link-check.js';
import { linksIn } from './link-extract.js';
import { recordFindings, type ArticleRead } from './link-findings.js';

/**
 * A run of 链接检查 (docs/inspection.md): the published articles read a page at a time in id order
 * (never all in memory), each article's links checked, the broken ones recorded with the article
 * and its editor, and the run's counts written after each page, so GetLinkCheck shows it
 * progressing. It runs in the background of the process that started it, yielding to the event
 * loop between articles; one run at a time, whichever process starts it (a unique index on the
 * running row).
 */

/** Articles read at once. */
const PAGE_SIZE = 100;
/** A running run silent this long died with its process (a page's slowest link takes about a minute). */
const STALE_MS = 30 * 60_000;

export interface LinkCheckDeps {
  services: Services;
  pageStatus: PageStatus;
  log: { error: (obj: object, msg: string) => void };
}

interface Running {
  stopped: boolean;
  checker: LinkChecker;
  done: Promise<void>;
}
/** The run going on in this process, per database (tests run several apps in one process). */
const running = new Map<Database, Running>();

/** Marks a running run whose process went away (its beat older than STALE_MS) as failed. */
async function dropStale({ db }: Database, now: number): Promise<void> {
  await db
    .updateTable('link_check_runs')
    .set({ state: 'failed', finished_at: formatCst(now), error: linkCheckMessages.stale })
    .where('state', '=', 'running')
    .where('beat_at', '<', formatCst(now - STALE_MS))
    .execute();
}

/** Starts a run in the background; refuses (409) while one runs. Answers the new run's id. */
export async function startLinkCheck(deps: LinkCheckDeps, origin: 'manual' | 'scheduled', adminAccount = ''): Promise<number> {
  const { database, now } = deps.services;
  const at = formatCst(now());
  await dropStale(database, now());
  let id: number;
  try {
    const row = await database.db
      .insertInto('link_check_runs')
      .values({ started_at: at, beat_at: at, state: 'running', origin, admin_account: adminAccount })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await database.db.selectFrom('link_check_runs').select('started_at').where('state', '=', 'running').executeTakeFirst();
    throw new AppError(Code.Conflict, linkCheckMessages.running(other?.started_at ?? at));
  }
  const run: Running = { stopped: false, checker: new LinkChecker(deps.services, deps.pageStatus), done: Promise.resolve() };
  run.done = crawl(deps, id, run)
    .catch(async (error: Error) => {
      deps.log.error({ err: { type: error.name, message: error.message } }, 'link check failed');
      await finish(database, id, now(), 'failed', run.stopped ? linkCheckMessages.stopped : error.message.slice(0, 500));
    })
    .finally(() => {
      run.checker.close();
      running.delete(database);
    });
  running.set(database, run);
  return id;
}

/** Stops this process's run (the server is closing): it ends as failed, before the database goes. */
export async function stopLinkChecks(database: Database): Promise<void> {
  const run = running.get(database);
  if (!run) return;
  run.stopped = true;
  run.checker.close();
  await run.done;
}

async function finish(database: Database, id: number, now: number, state: 'done' | 'failed', error = ''): Promise<void> {
  await database.db
    .updateTable('link_check_runs')
    .set({ state, finished_at: formatCst(now), beat_at: formatCst(now), error })
    .where('id', '=', id)
    .execute();
}

/** The next page of published articles after `after`, with their menu's name. */
function articlesAfter({ db }: Database, after: number): Promise<ArticleRead[]> {
  return db
    .selectFrom('news')
    .leftJoin('menus', 'menus.id', 'news.menu_id')
    .select(['news.id', 'news.title', 'news.menu_id', 'news.content', 'menus.name as menu_name'])
    .where('news.status', '=', ArticleStatus.Published)
    .where('news.id', '>', after)
    .orderBy('news.id')
    .limit(PAGE_SIZE)
    .execute();
}

async function crawl(deps: LinkCheckDeps, runId: number, run: Running): Promise<void> {
  const { database, now } = deps.services;
  const totals = { pages: 0, links: 0, broken: 0 };
  for (let after = 0; ;) {
    const articles = await articlesAfter(database, after);
    if (articles.length === 0) break;
    const checks: Promise<{ article: ArticleRead; links: (CheckedLink | undefined)[] }>[] = [];
    for (const article of articles) {
      if (run.stopped) throw new Error(linkCheckMessages.stopped);
      // Reading and parsing an article is synchronous: let the site's requests in between.
      await yieldToLoop();
      const links = linksIn(article.content);
      checks.push(Promise.all(links.map((link) => run.checker.check(link))).then((checked) => ({ article, links: checked })));
    }
    const checked = await Promise.all(checks);
    if (run.stopped) throw new Error(linkCheckMessages.stopped);
    totals.pages += articles.length;
    totals.links += checked.reduce((n, c) => n + c.links.filter(Boolean).length, 0);
    totals.broken += await recordFindings(database, runId, checked);
    await database.db
      .updateTable('link_check_runs')
      .set({ ...totals, beat_at: formatCst(now()) })
      .where('id', '=', runId)
      .execute();
    after = articles.at(-1)!.id;
  }
  await finish(database, runId, now(), 'done');
}

/** How often the schedule looks whether a run is due. */
const SCHEDULE_LOOK_MS = 60 * 60_000;

/**
 * The scheduled runs (LINK_CHECK_DAYS, in the process that runs background jobs): every hour it
 * looks whether the latest run, however started, is that many days old, so restarts do not put
 * the next run off; the first look is ten minutes after start, when the site has settled.
 */
export function scheduleLinkChecks(deps: LinkCheckDeps): { stop: () => Promise<void> } {
  const { database, config, now } = deps.services;
  const days = config.linkCheck.days;
  const look = async () => {
    const latest = await database.db.selectFrom('link_check_runs').select('started_at').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (latest && latest.started_at > formatCst(now() - days * 86_400_000)) return;
    await startLinkCheck(deps, 'scheduled').catch((error: unknown) => {
      // Another process's run is going on: the next look will see it.
      if (!(error instanceof AppError)) throw error;
    });
  };
  if (days === 0) return { stop: async () => undefined };
  // A run going on when the server closes is stopped by app.ts (stopLinkChecks), however started.
  return schedulePeriodic('link check schedule', look, { firstMs: 10 * 60_000, everyMs: SCHEDULE_LOOK_MS }, deps.log);
}
