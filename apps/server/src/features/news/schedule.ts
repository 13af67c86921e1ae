import { ArticleStatus, formatCst } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { schedulePeriodic } from '../../ops/periodic-job.js';
import { writeAudit } from '../system/audit/service.js';
import { nextVersion } from '../articles/revisions.js';
import { articleReach, articlesChanged } from '../articles/reach.js';

/**
 * The publishing clock: 待发布 articles go out when their publish time comes, and published ones
 * with a take-down time (定时下线) are closed then, with no request needed. Public reads only
 * ever ask for status 1, so a scheduled article is out of every list, page, search, seat and
 * sitemap until the clock flips it, and reading costs nothing more than before.
 *
 * Several instances may each run the clock: every change is a conditional UPDATE of the rows
 * still in the old state, so each article changes once, and only the instance that changed it
 * records it in the audit log and announces it (features/articles/reach.ts: its page, its
 * neighbours', its menus' lists and the latest lists; the others hear it by the fan-out).
 */

/** How often the clock looks: an article goes out at most this long after its time. */
const TICK_MS = 5000;

/** Who the audit log names for the clock's changes. */
const CLOCK_ACCOUNT = '定时任务';

/** One tick: answers how many articles this instance published or took down. */
export async function runPublishingClock({ database, now }: Services): Promise<number> {
  const { db } = database;
  const at = formatCst(now());
  // Reads first: most ticks find nothing, and a read takes no write lock (SQLite).
  const [due, ending] = await Promise.all([
    db.selectFrom('news').select('id').where('status', '=', ArticleStatus.Scheduled).where('news_create_time', '<=', at).execute(),
    db.selectFrom('news').select('id').where('offline_at', '<>', '').where('offline_at', '<=', at).where('status', '=', ArticleStatus.Published).execute(),
  ]);
  if (due.length === 0 && ending.length === 0) return 0;
  // Where they show before the move: taking one down announces the lists it leaves.
  const reach = await articleReach(
    database,
    [...due, ...ending].map((r) => r.id),
  );
  /** Moves the rows still `from` to `to`; answers the ones this instance moved. */
  const move = async (rows: { id: number }[], from: ArticleStatus, to: ArticleStatus) =>
    rows.length === 0
      ? []
      : db
          .updateTable('news')
          .set({ status: to, updated_at: at, ...nextVersion })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .where('status', '=', from)
          .returning(['id', 'title'])
          .execute();
  const changes = [
    { what: '定时发布', articles: await move(due, ArticleStatus.Scheduled, ArticleStatus.Published) },
    { what: '定时下线', articles: await move(ending, ArticleStatus.Published, ArticleStatus.Closed) },
  ];
  const changed = changes.flatMap((c) => c.articles.map((a) => a.id));
  if (changed.length === 0) return 0;
  await articlesChanged(database, reach, changed);
  for (const { what, articles } of changes) {
    for (const article of articles) {
      await writeAudit(
        database,
        {
          adminId: null,
          account: CLOCK_ACCOUNT,
          action: 'content:news:edit',
          target: '文章',
          targetId: article.id,
          ip: '',
          ok: true,
          detail: `${what}：${article.title}`,
        },
        now(),
      );
    }
  }
  return changed.length;
}

/** Runs the clock in the background (in one worker of a cluster, as the other jobs). */
export function schedulePublishingClock(services: Services, log: { error: (obj: object, msg: string) => void }): { stop: () => Promise<void> } {
  return schedulePeriodic('publishing clock', () => runPublishingClock(services), { firstMs: TICK_MS, everyMs: TICK_MS }, log);
}
