import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * 理事会换届选举 (features/elections): an election, its candidates and the members' nominations,
 * the eligibility roll frozen at a moment, and the secret ballots.
 *
 * Who voted (election_voters) and what was voted (election_ballots) share no column but the
 * election: a voter row is keyed by the member and says only whether they voted; a ballot is
 * keyed by a random id and holds no time. Neither table has an engine-numbered id: voters are
 * written once, at the freeze, in member order; ballots on SQLite are stored WITHOUT ROWID, in
 * the order of their random ids, so the file keeps no order of arrival either
 * (docs/decisions.md, "Elections: the secret ballot").
 */
export const elections: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('elections'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', notNullDefault(''))
      .addColumn('seats', 'integer', (c) => c.notNull())
      .addColumn('max_choices', 'integer', (c) => c.notNull())
      // CST times yyyy-MM-dd HH:mm:ss; each window includes its start and excludes its end.
      .addColumn('nomination_start', 'varchar(19)', (c) => c.notNull())
      .addColumn('nomination_end', 'varchar(19)', (c) => c.notNull())
      .addColumn('voting_start', 'varchar(19)', (c) => c.notNull())
      .addColumn('voting_end', 'varchar(19)', (c) => c.notNull())
      // 1 a number of ballots, 2 a percentage of the roll.
      .addColumn('quorum_type', 'integer', (c) => c.notNull())
      .addColumn('quorum_value', 'integer', (c) => c.notNull())
      // Elected: more than this percentage of the ballots cast (blank ones included).
      .addColumn('threshold_percent', 'integer', (c) => c.notNull())
      // Who is on the roll: member levels (type list 2) as "3,7", '' for every level; standings as "1,2".
      .addColumn('roll_levels', 'varchar(1000)', notNullDefault(''))
      .addColumn('roll_standings', 'varchar(20)', (c) => c.notNull())
      .addColumn('roll_frozen_at', 'varchar(19)', notNullDefault(''))
      .addColumn('roll_size', 'integer', notNullDefault(0))
      .addColumn('candidates_confirmed_at', 'varchar(19)', notNullDefault(''))
      // Set once, at close, with the count: published from then on.
      .addColumn('closed_at', 'varchar(19)', notNullDefault(''))
      .addColumn('ballot_count', 'integer', notNullDefault(0))
      .addColumn('blank_count', 'integer', notNullDefault(0))
      .addColumn('chain_head', 'varchar(64)', notNullDefault(''))
      .addColumn('quorum_met', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    await withId(engine, db.schema.createTable('election_candidates'))
      .addColumn('election_id', 'integer', (c) => c.notNull())
      // The member the candidate is (0: entered by staff without a member account).
      .addColumn('member_id', 'integer', notNullDefault(0))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('bio', 'varchar(2000)', notNullDefault(''))
      .addColumn('photo', 'varchar(500)', notNullDefault(''))
      // 1 on the ballot (staff added or accepted the nomination), 0 nominated and not yet accepted.
      .addColumn('included', 'integer', notNullDefault(0))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      // Written at close.
      .addColumn('votes', 'integer', notNullDefault(0))
      .addColumn('elected', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('election_candidates_election').on('election_candidates').columns(['election_id', 'sort_number']).execute();
    await db.schema
      .createIndex('election_candidates_member')
      .on('election_candidates')
      .columns(['election_id', 'member_id'])
      .unique()
      .where(sql.ref('member_id'), '>', 0)
      .execute();

    // One nomination per member and election.
    await db.schema
      .createTable('election_nominations')
      .addColumn('election_id', 'integer', (c) => c.notNull())
      .addColumn('nominator_id', 'integer', (c) => c.notNull())
      .addColumn('candidate_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addPrimaryKeyConstraint('election_nominations_pk', ['election_id', 'nominator_id'])
      .execute();

    // The roll: one row per eligible member at the freeze, and whether they have voted. No time.
    await db.schema
      .createTable('election_voters')
      .addColumn('election_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('member_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('account', 'varchar(50)', (c) => c.notNull())
      .addColumn('level_id', 'integer', (c) => c.notNull())
      .addColumn('membership_state', 'integer', (c) => c.notNull())
      .addColumn('voted', 'integer', notNullDefault(0))
      .addPrimaryKeyConstraint('election_voters_pk', ['election_id', 'member_id'])
      .execute();

    // The ballots: a random id, the choices, and the chain written at close. No time, no voter.
    await db.schema
      .createTable('election_ballots')
      .addColumn('election_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'varchar(32)', (c) => c.notNull())
      // Candidate ids ascending, comma-separated; '' a blank ballot (弃权).
      .addColumn('choices', 'varchar(2000)', (c) => c.notNull())
      .addColumn('prev_hash', 'varchar(64)', notNullDefault(''))
      .addColumn('hash', 'varchar(64)', notNullDefault(''))
      .addPrimaryKeyConstraint('election_ballots_pk', ['election_id', 'id'])
      .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
  },
});
