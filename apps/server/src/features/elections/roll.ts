import type { Kysely } from 'kysely';
import {
  electionMessages,
  formatCst,
  membershipStateNames,
  type ElectionRollQuery,
  type ElectionVoterDto,
  type MembershipState,
  type PagingQuery,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { containing } from '../../db/like.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { ExportColumn } from '../../http/xlsx-export.js';
import { eligibleMembers } from './eligibility.js';
import { electionLocked, findElection, rollRulesOf, type ElectionRow } from './service.js';

/**
 * The eligibility roll (选民名单): the members the rules admit at the moment staff freeze it,
 * copied into election_voters in member order, all at once. Who may vote is then this list,
 * whatever happens to a member's standing later; the voted flag is the only thing written to it
 * afterwards.
 */

type Db = Kysely<DB>;

/** FreezeElectionRoll: once, before voting starts, and never empty. */
export function freezeRoll(database: Database, id: number, now: number): Promise<ElectionRow> {
  return electionLocked(database, id, async (trx) => {
    const e = await findElection(trx, id);
    if (e.closed_at !== '') throw badRequest(electionMessages.closed);
    if (e.roll_frozen_at !== '') throw badRequest(electionMessages.alreadyFrozen);
    const at = formatCst(now);
    if (at >= e.voting_start) throw badRequest(electionMessages.freezeAfterVotingStart);
    const members = await eligibleMembers(trx, rollRulesOf(e)).orderBy('m.id').execute();
    if (members.length === 0) throw badRequest(electionMessages.rollEmpty);
    // Batches keep each INSERT under SQLite's bound-parameter limit.
    for (let i = 0; i < members.length; i += 500) {
      await trx
        .insertInto('election_voters')
        .values(
          members.slice(i, i + 500).map((m) => ({
            election_id: id,
            member_id: m.id,
            member_name: m.member_name,
            account: m.account,
            level_id: m.member_level_id,
            membership_state: m.membership_state,
          })),
        )
        .execute();
    }
    return trx
      .updateTable('elections')
      .set({ roll_frozen_at: at, roll_size: members.length, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** One page of the frozen roll, in member order. */
export async function readRoll(db: Db, query: ElectionRollQuery & PagingQuery): Promise<{ items: ElectionVoterDto[]; total: number }> {
  await findElection(db, query.electionid);
  const matching = db
    .selectFrom('election_voters as v')
    .where('v.election_id', '=', query.electionid)
    .$if(query.voted !== undefined, (q) => q.where('v.voted', '=', query.voted ?? 0))
    .$if(!!query.key, (q) => q.where((eb) => eb.or([containing('v.member_name', query.key ?? ''), containing('v.account', query.key ?? '')])));
  const { limit, offset } = pageWindow(query);
  const [rows, { total }] = await Promise.all([
    matching
      .leftJoin('type_items as t', 't.id', 'v.level_id')
      .select(['v.member_id', 'v.account', 'v.member_name', 'v.level_id', 'v.membership_state', 'v.voted', 't.name as level_name'])
      .orderBy('v.member_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      MemberId: r.member_id,
      Account: r.account,
      MemberName: r.member_name,
      LevelId: r.level_id,
      LevelName: r.level_name ?? '',
      MembershipState: r.membership_state,
      MembershipStateName: membershipStateNames[r.membership_state as MembershipState] ?? '',
      Voted: r.voted,
    })),
    total: Number(total),
  };
}

/** The roll's export (导出选民名单): the list's columns. */
export const rollColumns: readonly ExportColumn<ElectionVoterDto>[] = [
  { header: '会员账号', width: 18, cell: (v) => v.Account },
  { header: '会员名称', width: 36, cell: (v) => v.MemberName },
  { header: '会员等级', width: 14, cell: (v) => v.LevelName },
  { header: '冻结时会籍状态', width: 14, cell: (v) => v.MembershipStateName },
  { header: '是否已投票', width: 12, cell: (v) => (v.Voted ? '已投票' : '未投票') },
];
