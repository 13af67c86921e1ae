import type { Database } from '../../db/connection.js';
import type { CheckedLink } from './link-check.js';

/**
 * How a run records what it found (docs/inspection.md, "链接检查"): one row per broken link of an
 * article, naming the article as it is and the editor who saved it last (its latest revision:
 * the administrator's account and name, or the contributing member's name). A link the office
 * ignored in the previous run stays ignored, with its reason; one marked fixed that is still
 * broken is open again.
 */

export interface ArticleRead {
  id: number;
  title: string;
  menu_id: number;
  content: string;
  menu_name: string | null;
}

interface Editor {
  account: string;
  name: string;
}

/** The editor of each article: who made its latest revision. */
async function editorsOf({ db }: Database, newsIds: readonly number[]): Promise<Map<number, Editor>> {
  const rows = await db
    .selectFrom('news_revisions as r')
    .leftJoin('admin_users as a', 'a.id', 'r.admin_id')
    .select(['r.news_id', 'r.admin_account', 'r.member_name', 'a.full_name'])
    .where('r.id', 'in', (eb) =>
      eb
        .selectFrom('news_revisions')
        .select((e) => e.fn.max('id').as('id'))
        .where('news_id', 'in', newsIds)
        .groupBy('news_id'),
    )
    .execute();
  return new Map(rows.map((r) => [r.news_id, { account: r.admin_account, name: r.full_name || r.member_name }]));
}

/** The previous ended run's ignored findings of these articles, by article and address. */
async function ignoredBefore({ db }: Database, runId: number, newsIds: readonly number[]) {
  const previous = await db
    .selectFrom('link_check_runs')
    .select('id')
    .where('id', '<', runId)
    .where('state', '!=', 'running')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!previous) return new Map<string, { reason: string; handled_by: string; handled_at: string }>();
  const rows = await db
    .selectFrom('link_findings')
    .select(['news_id', 'url', 'reason', 'handled_by', 'handled_at'])
    .where('run_id', '=', previous.id)
    .where('handled', '=', 'ignored')
    .where('news_id', 'in', newsIds)
    .execute();
  return new Map(rows.map((r) => [`${r.news_id} ${r.url}`, r]));
}

/** Records a page of articles' broken links; answers how many. */
export async function recordFindings(
  database: Database,
  runId: number,
  checked: readonly { article: ArticleRead; links: (CheckedLink | undefined)[] }[],
): Promise<number> {
  const broken = checked.flatMap(({ article, links }) => links.filter((l): l is CheckedLink => !!l?.verdict.problem).map((link) => ({ article, link })));
  if (broken.length === 0) return 0;
  const newsIds = [...new Set(broken.map((b) => b.article.id))];
  const [editors, ignored] = await Promise.all([editorsOf(database, newsIds), ignoredBefore(database, runId, newsIds)]);
  const rows = broken.map(({ article, link }) => {
    const url = link.url.slice(0, 2000);
    const kept = ignored.get(`${article.id} ${url}`);
    const editor = editors.get(article.id);
    return {
      run_id: runId,
      kind: link.kind,
      url,
      status: link.verdict.status,
      problem: link.verdict.problem!,
      detail: (link.verdict.detail ?? '').slice(0, 500),
      news_id: article.id,
      news_title: article.title.slice(0, 200),
      menu_id: article.menu_id,
      menu_name: (article.menu_name ?? '').slice(0, 100),
      editor_account: editor?.account ?? '',
      editor_name: editor?.name ?? '',
      // Every row names every column: a multi-row insert fills a missing one with NULL, not its default.
      handled: kept ? 'ignored' : 'open',
      reason: kept?.reason ?? '',
      handled_by: kept?.handled_by ?? '',
      handled_at: kept?.handled_at ?? '',
    };
  });
  // A few hundred rows at most per page of articles; inserted in slices within the engines' parameter limits.
  for (let i = 0; i < rows.length; i += 200)
    await database.db
      .insertInto('link_findings')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.length;
}
