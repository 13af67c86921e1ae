import { formatCst, linkCheckMessages, type LinkHandled, type LinkKind, type PagingQuery } from '@portal/shared';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { LinkCheckRunsTable, LinkFindingsTable } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';

/**
 * 链接检查's reads and the office's verdicts (docs/inspection.md): the latest run and the one
 * whose findings are listed (the latest that has ended: a run going on shows its progress, the
 * table the last complete picture), the findings of that run, and 标记已处理 / 忽略.
 */

export type LinkCheckRun = Selectable<LinkCheckRunsTable>;
export type LinkFinding = Selectable<LinkFindingsTable>;

export interface LinkCheckSummary {
  latest: LinkCheckRun | undefined;
  listed: LinkCheckRun | undefined;
  open: number;
}

export async function linkCheckSummary({ db }: Database): Promise<LinkCheckSummary> {
  const [latest, listed] = await Promise.all([
    db.selectFrom('link_check_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('link_check_runs').selectAll().where('state', '!=', 'running').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const open = listed
    ? await db
        .selectFrom('link_findings')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('run_id', '=', listed.id)
        .where('handled', '=', 'open')
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return { latest, listed, open: Number(open.n) };
}

export interface FindingsFilter {
  kind?: LinkKind;
  handled?: LinkHandled;
}

/** A page of the listed run's findings, by article then address. */
export async function listFindings(database: Database, filter: FindingsFilter, paging: PagingQuery): Promise<{ items: LinkFinding[]; total: number }> {
  const { listed } = await linkCheckSummary(database);
  if (!listed) return { items: [], total: 0 };
  const matching = database.db
    .selectFrom('link_findings')
    .where('run_id', '=', listed.id)
    .$if(!!filter.kind, (q) => q.where('kind', '=', filter.kind!))
    .$if(!!filter.handled, (q) => q.where('handled', '=', filter.handled!));
  const { limit, offset } = pageWindow(paging);
  const [items, { total }] = await Promise.all([
    matching.selectAll().orderBy('news_id', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total) };
}

/** 标记已处理, 忽略 (the reason required by the schema) or back to 未处理 (who and when cleared). */
export async function handleFinding(
  { db }: Database,
  id: number,
  verdict: { handled: LinkHandled; reason: string },
  by: string,
  now: number,
): Promise<LinkFinding> {
  const open = verdict.handled === 'open';
  const saved = await db
    .updateTable('link_findings')
    .set({
      handled: verdict.handled,
      reason: open ? '' : verdict.reason,
      handled_by: open ? '' : by,
      handled_at: open ? '' : formatCst(now),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!saved) throw notFound(linkCheckMessages.findingNotFound);
  return saved;
}
