import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ArticleStatus, cstDate, editorMonthsProblem, monthsBetween, RevisionKind, revisionFieldNames, type EditorOutputQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';

/**
 * 编辑工作量: what each admin wrote, published, edited and reviewed, month by month, for the
 * office's yearly report. Read from what the work left behind: the articles' revisions (every
 * save by staff writes one, features/articles/revisions.ts) and the review chain's decisions.
 * Revisions of articles deleted long ago are pruned with the audit log (AUDIT_RETENTION_DAYS), so
 * months older than that may count less than was done.
 */

export interface EditorFigures {
  created: number;
  published: number;
  edited: number;
  reviewed: number;
}

export interface EditorOutput {
  start: string;
  end: string;
  months: string[];
  editors: { adminId: number; account: string; name: string; total: EditorFigures; months: EditorFigures[] }[];
  total: EditorFigures;
}

const none = (): EditorFigures => ({ created: 0, published: 0, edited: 0, reviewed: 0 });
const add = (to: EditorFigures, from: Partial<EditorFigures>) => {
  to.created += from.created ?? 0;
  to.published += from.published ?? 0;
  to.edited += from.edited ?? 0;
  to.reviewed += from.reviewed ?? 0;
};
const work = (f: EditorFigures) => f.created + f.published + f.edited + f.reviewed;

/** The months asked: both absent, this month; start alone, up to this month; end alone, that month. */
function monthsOf(q: EditorOutputQuery, now: number): string[] {
  const thisMonth = cstDate(now).slice(0, 7);
  const start = q.start ?? q.end ?? thisMonth;
  const end = q.end ?? (q.start ? thisMonth : start);
  const problem = editorMonthsProblem(start, end);
  if (problem) throw badRequest(problem);
  return monthsBetween(start, end);
}

type Row = Partial<EditorFigures> & { admin_id: number | null; account: string; month: string };

export async function editorOutput(db: Kysely<DB>, q: EditorOutputQuery, now: number): Promise<EditorOutput> {
  const months = monthsOf(q, now);
  const from = `${months[0]}-01 00:00:00`;
  const to = `${months[months.length - 1]}-31 23:59:59`;
  const month = sql<string>`substr(created_at, 1, 7)`;
  const count = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const [saves, decisions] = await Promise.all([
    db
      .selectFrom('news_revisions')
      .select([
        'admin_id',
        sql<string>`max(admin_account)`.as('account'),
        month.as('month'),
        count(sql`kind = ${RevisionKind.Created}`).as('created'),
        count(sql`kind in (${RevisionKind.Edited}, ${RevisionKind.Corrected}, ${RevisionKind.Restored})`).as('edited'),
        // Left published: a new article published at once, or a save that set its status to published.
        count(sql`status = ${ArticleStatus.Published} and (kind = ${RevisionKind.Created} or summary like ${`%${revisionFieldNames.Status}%`})`).as(
          'published',
        ),
      ])
      .where('admin_id', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .groupBy(['admin_id', month])
      .execute(),
    db
      .selectFrom('news_review_decisions')
      .select(['admin_id', sql<string>`max(admin_account)`.as('account'), month.as('month'), (eb) => eb.fn.countAll<number>().as('reviewed')])
      .where('admin_id', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .groupBy(['admin_id', month])
      .execute(),
  ]);
  return tally(months, [...saves, ...decisions] as Row[], await namesOf(db, [...saves, ...decisions] as Row[]));
}

async function namesOf(db: Kysely<DB>, rows: Row[]): Promise<Map<number, { account: string; name: string }>> {
  const ids = [...new Set(rows.map((r) => r.admin_id!))];
  if (ids.length === 0) return new Map();
  const admins = await db.selectFrom('admin_users').select(['id', 'account', 'full_name']).where('id', 'in', ids).execute();
  return new Map(admins.map((a) => [a.id, { account: a.account, name: a.full_name || a.account }]));
}

function tally(months: string[], rows: Row[], names: Map<number, { account: string; name: string }>): EditorOutput {
  const at = new Map(months.map((m, i) => [m, i]));
  const editors = new Map<number, EditorOutput['editors'][number]>();
  const total = none();
  for (const row of rows) {
    const id = row.admin_id!;
    // A deleted admin is named by the account the work recorded.
    const known = names.get(id) ?? { account: row.account, name: row.account };
    let editor = editors.get(id);
    if (!editor) editors.set(id, (editor = { adminId: id, ...known, total: none(), months: months.map(none) }));
    const figures = {
      created: Number(row.created ?? 0),
      published: Number(row.published ?? 0),
      edited: Number(row.edited ?? 0),
      reviewed: Number(row.reviewed ?? 0),
    };
    add(editor.months[at.get(row.month)!]!, figures);
    add(editor.total, figures);
    add(total, figures);
  }
  const ranked = [...editors.values()].sort((a, b) => work(b.total) - work(a.total) || a.account.localeCompare(b.account));
  return { start: months[0]!, end: months[months.length - 1]!, months, editors: ranked, total };
}
