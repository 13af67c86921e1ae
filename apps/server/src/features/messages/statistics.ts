import { sql, type Kysely } from 'kysely';
import { cstDate, formatCst, MessageState, monthsBetween, messageBoardMessages, type MessageStatisticsQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';

/**
 * The figures an inspection asks for (GetMessageStatistics, its .xlsx): per month, category and
 * department, the messages received, answered, overdue, and the average time to reply in
 * working days. Two grouped reads over the months' index ranges (received by created_at,
 * answered by replied_at); the working days each reply took were kept when it was given, so
 * nothing here asks the calendar. Overdue is counted of the messages received in the period,
 * as they stand now.
 */

export interface Figures {
  name: string;
  received: number;
  answered: number;
  overdue: number;
  averageWorkingDays: number;
}

export interface Statistics {
  start: string;
  end: string;
  total: Figures;
  months: Figures[];
  byCategory: Figures[];
  byDepartment: Figures[];
}

const MAX_MONTHS = 36;

interface Tally {
  received: number;
  answered: number;
  overdue: number;
  workdays: number;
}
const empty = (): Tally => ({ received: 0, answered: 0, overdue: 0, workdays: 0 });
const figures = (name: string, t: Tally): Figures => ({
  name,
  received: t.received,
  answered: t.answered,
  overdue: t.overdue,
  averageWorkingDays: t.answered ? Math.round((t.workdays / t.answered) * 10) / 10 : 0,
});

export async function messageStatistics(db: Kysely<DB>, q: MessageStatisticsQuery, now: number): Promise<Statistics> {
  const thisMonth = cstDate(now).slice(0, 7);
  const start = q.start ?? q.end ?? thisMonth;
  const end = q.end ?? (q.start ? thisMonth : start);
  const months = end >= start ? monthsBetween(start, end) : [];
  if (months.length === 0 || months.length > MAX_MONTHS) throw badRequest(messageBoardMessages.monthRange);
  const from = `${start}-01 00:00:00`;
  const to = `${end}-31 23:59:59`;
  const nowCst = sql.lit(formatCst(now));
  const overdue = sql<number>`SUM(CASE WHEN (state IN (${sql.lit(MessageState.Waiting)}, ${sql.lit(MessageState.Handling)}) AND due_at < ${nowCst})
    OR (state = ${sql.lit(MessageState.Answered)} AND replied_at > due_at) THEN 1 ELSE 0 END)`;
  const [received, answered, categories, departments] = await Promise.all([
    db
      .selectFrom('messages')
      .select([sql<string>`substr(created_at, 1, 7)`.as('month'), 'category_id', 'department_id', (eb) => eb.fn.countAll<number>().as('n'), overdue.as('late')])
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .groupBy([sql`substr(created_at, 1, 7)`, 'category_id', 'department_id'])
      .execute(),
    db
      .selectFrom('messages')
      .select([
        sql<string>`substr(replied_at, 1, 7)`.as('month'),
        'category_id',
        'department_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('reply_workdays').as('days'),
      ])
      .where('replied_at', '>=', from)
      .where('replied_at', '<=', to)
      .groupBy([sql`substr(replied_at, 1, 7)`, 'category_id', 'department_id'])
      .execute(),
    db.selectFrom('message_categories').select(['id', 'name']).orderBy('sort_number').orderBy('id').execute(),
    db.selectFrom('message_departments').select(['id', 'name']).orderBy('id').execute(),
  ]);
  const total = empty();
  const byMonth = new Map(months.map((m) => [m, empty()]));
  const byCategory = new Map(categories.map((c) => [c.id, empty()]));
  const byDepartment = new Map<number, Tally>([...departments.map((d) => [d.id, empty()] as const), [0, empty()]]);
  const tallies = (r: { month: string; category_id: number; department_id: number | null }) => [
    total,
    byMonth.get(r.month),
    byCategory.get(r.category_id),
    byDepartment.get(r.department_id ?? 0) ?? byDepartment.get(0),
  ];
  for (const r of received)
    for (const t of tallies(r)) {
      if (!t) continue;
      t.received += Number(r.n);
      t.overdue += Number(r.late);
    }
  for (const r of answered)
    for (const t of tallies(r)) {
      if (!t) continue;
      t.answered += Number(r.n);
      t.workdays += Number(r.days ?? 0);
    }
  return {
    start,
    end,
    total: figures('合计', total),
    months: months.map((m) => figures(m, byMonth.get(m)!)),
    byCategory: categories.map((c) => figures(c.name, byCategory.get(c.id)!)),
    byDepartment: [...departments.map((d) => figures(d.name, byDepartment.get(d.id)!)), figures('未分派或部门已删除', byDepartment.get(0)!)],
  };
}
