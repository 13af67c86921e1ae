// The election count (`npm run bench -- elections`): closing an election of 10,000 ballots (the
// chain sealed, the count made, the ballots rewritten in chain order, the count stored) and
// verifying it again (the chain and the count made from the stored rows), on SQLite and, when
// PostgreSQL answers, on PostgreSQL; the figures go to RESULTS.md "Election count".
import { cstDate, formatCst, QuorumType } from '@portal/shared';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { newBallotId, choicesText } from '../apps/server/src/features/elections/chain.js';
import { closeElection, dropBallotHistory, electionResult, verifyElection } from '../apps/server/src/features/elections/count.js';
import { machineNote, onPostgres, onSqlite, timed, writeResultsSection } from './fresh-databases.js';

const BALLOTS = 10_000;
const CANDIDATES = 12;
const SEATS = 5;
const CHUNK = 500;
const NOW = Date.now();
const HEADING = '## Election count';

interface Figures {
  engine: string;
  closeMs: number;
  verifyMs: number;
  resultMs: number;
  valid: boolean;
  elected: number;
}

/** An election past its voting window, its roll of 10,000 who all voted, and their ballots. */
/** The same ballots on every run and engine: a linear congruential generator from a fixed seed. */
let seed = 20_240_601;
const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32) / 2 ** 32;

async function fill({ db }: Database): Promise<number> {
  seed = 20_240_601;
  const at = formatCst(NOW);
  const { id } = await db
    .insertInto('elections')
    .values({
      title: '基准测试：理事会换届选举',
      seats: SEATS,
      max_choices: SEATS,
      nomination_start: '2026-01-01 09:00:00',
      nomination_end: '2026-01-10 09:00:00',
      voting_start: '2026-01-11 09:00:00',
      voting_end: '2026-01-11 17:00:00',
      quorum_type: QuorumType.Percent,
      quorum_value: 50,
      threshold_percent: 50,
      roll_standings: '1,2',
      roll_frozen_at: at,
      roll_size: BALLOTS,
      candidates_confirmed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const candidates: number[] = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const c = await db
      .insertInto('election_candidates')
      .values({ election_id: id, name: `候选人${i + 1}`, included: 1, sort_number: i, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    candidates.push(c.id);
  }
  for (let start = 0; start < BALLOTS; start += CHUNK) {
    const n = Math.min(CHUNK, BALLOTS - start);
    await db
      .insertInto('election_voters')
      .values(
        Array.from({ length: n }, (_, k) => ({
          election_id: id,
          member_id: start + k + 1,
          member_name: `第${start + k + 1}建设工程有限公司`,
          account: `m${start + k + 1}`,
          level_id: 1,
          membership_state: 1,
          voted: 1,
        })),
      )
      .execute();
    await db
      .insertInto('election_ballots')
      .values(
        Array.from({ length: n }, (_, k) => {
          // One in twenty blank; the others choose each of the first three candidates seven times in ten, the rest one in four (at most SEATS).
          const i = start + k;
          const picks = i % 20 === 0 ? [] : candidates.filter((_, c) => random() < (c < 3 ? 0.7 : 0.25)).slice(0, SEATS);
          return { election_id: id, id: newBallotId(), choices: choicesText(picks) };
        }),
      )
      .execute();
  }
  return id;
}

async function measure(database: Database, engine: string): Promise<Figures> {
  await migrate(database);
  console.log(`${engine}: ${BALLOTS.toLocaleString('en-US')} ballots…`);
  const id = await fill(database);
  const close = await timed(async () => {
    await closeElection(database, id, NOW);
    await dropBallotHistory(database);
  });
  const verify = await timed(() => verifyElection(database.db, id));
  const result = await timed(() => electionResult(database.db, id));
  return {
    engine,
    closeMs: close.ms,
    verifyMs: verify.ms,
    resultMs: result.ms,
    valid: verify.result.Valid && verify.result.BallotCount === BALLOTS,
    elected: result.result.Elected.length,
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

function report(figures: Figures[]): string {
  return [
    `${HEADING} (\`npm run bench -- elections\`)`,
    '',
    `An election of ${BALLOTS.toLocaleString('en-US')} voters who all voted, ${CANDIDATES} candidates for ${SEATS} seats, one ballot in twenty blank. Measured ${cstDate(Date.now())} (CST), ${machineNote()}. Each run is the feature's own code on a fresh database: the close (the ballots read, sealed into the hash chain in id order, counted, deleted and written again in chain order, the voters' rows rewritten, the count stored, and on PostgreSQL the VACUUM FULL of both tables), then the verification (every link of the chain and the count made again from the stored rows), then the 计票单's result.`,
    '',
    '| engine | close and count | verify chain and count | result (计票单) | close + verify | verified |',
    '|---|---:|---:|---:|---:|---|',
    ...figures.map(
      (f) =>
        `| ${f.engine} | ${seconds(f.closeMs)} s | ${seconds(f.verifyMs)} s | ${seconds(f.resultMs)} s | ${seconds(f.closeMs + f.verifyMs)} s | ${f.valid ? `yes, ${f.elected} elected` : 'NO'} |`,
    ),
    '',
    'The target is the count of 10,000 ballots with the chain verified in under 2 s (close + verify).',
    '',
  ].join('\n');
}

/** Runs the bench and writes its section of RESULTS.md (replacing an earlier one). */
export async function runElectionsBench(): Promise<void> {
  const figures = [await onSqlite((database) => measure(database, 'SQLite'))];
  const onPg = await onPostgres('bench_elections', (database) => measure(database, 'PostgreSQL'));
  if (onPg) figures.push(onPg);
  const section = report(figures);
  console.log(`\n${section}`);
  writeResultsSection(HEADING, section);
}
