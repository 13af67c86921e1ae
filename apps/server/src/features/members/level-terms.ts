import type { Kysely } from 'kysely';
import {
  addDays,
  addYears,
  DEFAULT_GRACE_DAYS,
  formatCst,
  laterDay,
  membershipMessages,
  typeKinds,
  type MembershipTerm,
  type SaveMemberLevelTermsBody,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';

/** A member level's membership terms. */
export interface LevelTerms {
  levelId: number;
  /** 分; 0 is a level without dues, whose membership has no end. */
  annualFeeFen: number;
  term: MembershipTerm;
  graceDays: number;
  needsApproval: boolean;
}

/**
 * What a level has until staff set its terms: no fee (so no end date and nothing changes for
 * an association that does not keep dues), a year's term, 30 days of grace, approval needed.
 */
export const defaultTerms = (levelId: number): LevelTerms => ({ levelId, annualFeeFen: 0, term: 'year', graceDays: DEFAULT_GRACE_DAYS, needsApproval: true });

type Db = Kysely<DB>;

const toTerms = (r: { level_id: number; annual_fee_fen: number; term: string; grace_days: number; needs_approval: number }): LevelTerms => ({
  levelId: r.level_id,
  annualFeeFen: r.annual_fee_fen,
  term: r.term === 'calendar' ? 'calendar' : 'year',
  graceDays: r.grace_days,
  needsApproval: r.needs_approval === 1,
});

/** Every level (type list 2) with its terms and how many members hold it, in the list's order. */
export async function listLevelTerms(db: Db) {
  const rows = await db
    .selectFrom('type_items as t')
    .leftJoin('member_level_terms as mt', 'mt.level_id', 't.id')
    .select((eb) => [
      't.id',
      't.name',
      't.status',
      'mt.annual_fee_fen',
      'mt.term',
      'mt.grace_days',
      'mt.needs_approval',
      eb
        .selectFrom('members as m')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('m.member_level_id', '=', 't.id')
        .as('member_count'),
    ])
    .where('t.type', '=', typeKinds.memberLevel)
    .orderBy('t.sort_number')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    ...(r.annual_fee_fen === null
      ? defaultTerms(r.id)
      : toTerms({
          level_id: r.id,
          annual_fee_fen: r.annual_fee_fen,
          term: r.term ?? 'year',
          grace_days: r.grace_days ?? DEFAULT_GRACE_DAYS,
          needs_approval: r.needs_approval ?? 1,
        })),
    levelName: r.name,
    status: r.status,
    memberCount: Number(r.member_count ?? 0),
  }));
}

export async function termsOf(db: Db, levelId: number): Promise<LevelTerms> {
  const row = await db.selectFrom('member_level_terms').selectAll().where('level_id', '=', levelId).executeTakeFirst();
  return row ? toTerms(row) : defaultTerms(levelId);
}

/**
 * SaveMemberLevelTerms. Members of the level keep their 有效期至: a new term or fee applies
 * from each member's next payment, a new grace period from the next run of the state job.
 */
export async function saveLevelTerms(db: Db, body: SaveMemberLevelTermsBody, now: number): Promise<string> {
  const level = await db.selectFrom('type_items').select('name').where('id', '=', body.LevelId).where('type', '=', typeKinds.memberLevel).executeTakeFirst();
  if (!level) throw notFound(membershipMessages.levelNotFound);
  const values = {
    annual_fee_fen: Math.round(body.AnnualFee * 100),
    term: body.Term,
    grace_days: body.GraceDays,
    needs_approval: body.NeedsApproval ? 1 : 0,
    updated_at: formatCst(now),
  };
  await db
    .insertInto('member_level_terms')
    .values({ level_id: body.LevelId, ...values })
    .onConflict((oc) => oc.column('level_id').doUpdateSet(values))
    .execute();
  return level.name;
}

/**
 * The month from which a calendar-year term counts for the next year: dues paid in December
 * (a new member, or one whose membership has run out) are the next year's dues, as associations
 * collect them, instead of buying the few weeks left of this one.
 */
const CALENDAR_NEXT_YEAR_FROM_MONTH = '12';

/**
 * The term a payment made on `today` buys: from the day after the current 有效期至 while that
 * is still to come (early renewal loses nothing), from today once it has passed; to a year
 * later, or to the end of that calendar year (of the next one when the term starts in December).
 */
export function nextTerm(terms: Pick<LevelTerms, 'term'>, currentEnd: string, today: string): { from: string; to: string } {
  const from = currentEnd === '' ? today : laterDay(today, addDays(currentEnd, 1));
  if (terms.term === 'year') return { from, to: addDays(addYears(from, 1), -1) };
  const year = Number(from.slice(0, 4)) + (from.slice(5, 7) === CALENDAR_NEXT_YEAR_FROM_MONTH ? 1 : 0);
  return { from, to: `${year}-12-31` };
}
