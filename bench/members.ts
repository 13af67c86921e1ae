// The membership job over 100,000 members (`npm run bench -- members`): the daily state run
// (features/members/states.ts) and the renewal reminders (reminders.ts), on SQLite and, when
// PostgreSQL answers, on PostgreSQL; the figures go to RESULTS.md "Membership job".
import { sql } from 'kysely';
import { addDays, ApplyState, cstDate, formatCst, MemberStatus } from '@portal/shared';
import type { Database } from '../apps/server/src/db/connection.js';
import { machineNote, onPostgres, onSqlite, timed, writeResultsSection } from './fresh-databases.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { sendDueReminders } from '../apps/server/src/features/membership/reminders.js';
import { refreshStates } from '../apps/server/src/features/members/states.js';

const MEMBERS = 100_000;
const CHUNK = 1000;
const PG_SCHEMA = 'bench_members';
/** The bench's "today"; end dates spread two years either side of it. */
const TODAY = '2026-11-25';
const NOW = Date.parse(`${TODAY}T10:00:00+08:00`);
const MAIL = { siteName: '中国建设工程保险风险管理协会', baseUrl: 'https://www.example.org.cn' };

interface Figures {
  engine: string;
  firstRun: { ms: number; changed: number };
  sameDay: { ms: number; changed: number };
  nextDay: { ms: number; changed: number };
  reminders: { ms: number; sent: number };
  remindersAgain: { ms: number; sent: number };
}

/** Three paying levels (grace 30, 60 and 0 days) and 100,000 approved members, 2 % disabled (also the mailings bench's members). */
export async function fillMembers(database: Database): Promise<void> {
  const { db } = database;
  const at = formatCst(NOW);
  const levels: number[] = [];
  for (const [name, grace] of [
    ['会员单位', 30],
    ['理事单位', 60],
    ['常务理事单位', 0],
  ] as const) {
    const { id } = await db
      .insertInto('type_items')
      .values({ type: 2, name, sort_number: 0, status: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('member_level_terms')
      .values({ level_id: id, annual_fee_fen: 120_000, term: 'year', grace_days: grace, needs_approval: 1, updated_at: at })
      .execute();
    levels.push(id);
  }
  const { id: companyType } = await db
    .insertInto('type_items')
    .values({ type: 1, name: '施工企业', sort_number: 0, status: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < MEMBERS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, MEMBERS - start) }, (_, k) => {
      const i = start + k;
      return {
        account: `m${i}`,
        password_hash: 'bench',
        member_name: `第${i}建设工程有限公司`,
        company_type_id: companyType,
        member_level_id: levels[i % levels.length]!,
        company_ment: '',
        mainbusiness: '',
        reg_address: '',
        daily_operator: '',
        operator_phone: '',
        remarks: '',
        legal_person: '',
        email: `m${i}@example.com`,
        file_path: '',
        reg_capital: 0,
        staff_count: 0,
        join_date: '2020-01-01',
        // A day in the four years around today, so every state and reminder window has members.
        expire_date: i % 50 === 0 ? '' : addDays(TODAY, (i % 1461) - 730),
        apply_state: ApplyState.Approved,
        status: i % 50 === 1 ? MemberStatus.Disabled : MemberStatus.Enabled,
        last_login_at: '',
        process_item_name: '',
        applied_at: at,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('members').values(rows).execute();
  }
  if (database.engine === 'postgres') await sql`analyze members`.execute(db);
}

async function measure(database: Database, engine: string): Promise<Figures> {
  await migrate(database);
  console.log(`${engine}: ${MEMBERS.toLocaleString('en-US')} members…`);
  await fillMembers(database);
  const { db } = database;
  const first = await timed(() => refreshStates(db, TODAY));
  const same = await timed(() => refreshStates(db, TODAY));
  const next = await timed(() => refreshStates(db, addDays(TODAY, 1)));
  const reminders = await timed(() => sendDueReminders(database, [30, 7], MAIL, NOW));
  const again = await timed(() => sendDueReminders(database, [30, 7], MAIL, NOW));
  return {
    engine,
    firstRun: { ms: first.ms, changed: first.result },
    sameDay: { ms: same.ms, changed: same.result },
    nextDay: { ms: next.ms, changed: next.result },
    reminders: { ms: reminders.ms, sent: reminders.result },
    remindersAgain: { ms: again.ms, sent: again.result },
  };
}

const sqlite = () => onSqlite((database) => measure(database, 'SQLite'));
const postgres = () => onPostgres(PG_SCHEMA, (database) => measure(database, 'PostgreSQL'));

const seconds = (ms: number) => (ms / 1000).toFixed(2);

function report(figures: Figures[]): string {
  const lines = [
    '## Membership job (`npm run bench -- members`)',
    '',
    `${MEMBERS.toLocaleString('en-US')} approved members of three paying levels (grace 30, 60 and 0 days), 2 % disabled, one in fifty without an end date, the others' 有效期至 spread over the four years around the day of the run, so every state and reminder window is full. Measured ${cstDate(Date.now())} (CST), ${machineNote()}. Each run is the job's own code on a fresh database: the state run (set-based UPDATEs) from every member at 有效, again the same day, then the next day; then the reminders due that day (each a row under its unique key and a queued e-mail), and the same reminders again.`,
    '',
    '| engine | state run, first (changed) | same day again (changed) | next day (changed) | reminders (recorded) | reminders again (recorded) |',
    '|---|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.engine} | ${seconds(f.firstRun.ms)} s (${f.firstRun.changed.toLocaleString('en-US')}) | ${seconds(f.sameDay.ms)} s (${f.sameDay.changed}) | ${seconds(f.nextDay.ms)} s (${f.nextDay.changed}) | ${seconds(f.reminders.ms)} s (${f.reminders.sent.toLocaleString('en-US')}) | ${seconds(f.remindersAgain.ms)} s (${f.remindersAgain.sent}) |`,
    ),
    '',
    "The target is the daily run over 100,000 members in under 10 s on either engine: the worst case here (the first run, which moves half the members at once, and the reminders of every window at once) is what to hold against it; a day's real run is the next-day column plus a few reminders.",
    '',
  ];
  return lines.join('\n');
}

/** Runs the bench and writes its section of RESULTS.md (replacing an earlier one). */
export async function runMembersBench(): Promise<void> {
  const figures = [await sqlite()];
  const onPg = await postgres();
  if (onPg) figures.push(onPg);
  const section = report(figures);
  console.log(`\n${section}`);
  writeResultsSection('## Membership job', section);
}
