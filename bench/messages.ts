// 在线留言 (`npm run bench -- messages`): the statistics over 100,000 messages (messageStatistics,
// the code behind GetMessageStatistics and its .xlsx) for one month and for a year, and the first
// page of the back-office queue filtered to 超期, on a fresh SQLite database and, when PostgreSQL
// answers, a fresh PostgreSQL schema. The figures go to RESULTS.md "在线留言 statistics".
import { performance } from 'node:perf_hooks';
import { cstDate, formatCst, MessageState } from '@portal/shared';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { listMessages } from '../apps/server/src/features/messages/queue.js';
import { messageStatistics } from '../apps/server/src/features/messages/statistics.js';
import { machineNote, onPostgres, onSqlite, writeResultsSection } from './fresh-databases.js';
import { timedRuns, timingCell, type Timing } from './timing.js';

const MESSAGES = 100_000;
const CHUNK = 500;
const RUNS = 5;
const DEPARTMENTS = 8;
const HEADING = '## 在线留言 statistics';
/** A year of messages, 2025-01-01 to 2025-12-31 CST; the statistics are asked at the start of 2026. */
const START = Date.parse('2024-12-31T16:00:00Z');
const YEAR_MS = 365 * 86_400_000;
const NOW = Date.parse('2026-01-05T02:00:00Z');
const DAY = 86_400_000;

let seed = 20_250_101;
const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32) / 2 ** 32;

async function fill(database: Database): Promise<void> {
  const { db } = database;
  seed = 20_250_101;
  const at = formatCst(START);
  for (let d = 1; d <= DEPARTMENTS; d++)
    await db
      .insertInto('message_departments')
      .values({ name: `部门${d}`, supervisor_id: null, created_at: at, updated_at: at })
      .execute();
  for (let from = 0; from < MESSAGES; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, MESSAGES - from) }, (_, k) => {
      const i = from + k;
      const received = START + Math.floor((i / MESSAGES) * YEAR_MS);
      const roll = random();
      const state = roll < 0.8 ? MessageState.Answered : roll < 0.85 ? MessageState.Declined : roll < 0.95 ? MessageState.Handling : MessageState.Waiting;
      const days = 1 + Math.floor(random() * 9);
      const assigned = state !== MessageState.Waiting;
      return {
        query_code: `B${String(i).padStart(19, '0')}`,
        category_id: 1 + Math.floor(random() * 4),
        origin: 'web',
        subject: `基准留言${i}`,
        content: '请问会员证如何补办？',
        asker_name: '张三',
        ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
        state,
        department_id: assigned ? 1 + Math.floor(random() * DEPARTMENTS) : null,
        replied_at: state === MessageState.Answered ? formatCst(received + days * 1.4 * DAY) : '',
        reply_workdays: state === MessageState.Answered ? days : null,
        due_at: formatCst(received + 7 * DAY),
        created_at: formatCst(received),
        updated_at: formatCst(received),
      };
    });
    await db.insertInto('messages').values(rows).execute();
  }
}

const timed = (work: () => Promise<unknown>) => timedRuns(work, RUNS, { warm: true });

interface Figures {
  engine: string;
  fillS: number;
  month: Timing;
  year: Timing;
  overdue: Timing;
  received: number;
  overdueCount: number;
}

async function measure(database: Database, engine: string): Promise<Figures> {
  await migrate(database);
  console.log(`${engine}: ${MESSAGES.toLocaleString('en-US')} messages…`);
  const filling = performance.now();
  await fill(database);
  const fillS = (performance.now() - filling) / 1000;
  const { db } = database;
  const year = await messageStatistics(db, { start: '2025-01', end: '2025-12' }, NOW);
  const overdue = () => listMessages(db, { overdue: 1, pageindex: 1, pagesize: 20 }, { all: true }, formatCst(NOW));
  return {
    engine,
    fillS,
    month: await timed(() => messageStatistics(db, { start: '2025-06', end: '2025-06' }, NOW)),
    year: await timed(() => messageStatistics(db, { start: '2025-01', end: '2025-12' }, NOW)),
    overdue: await timed(overdue),
    received: year.total.received,
    overdueCount: (await overdue()).total,
  };
}

function report(figures: Figures[]): string {
  return [
    `${HEADING} (\`npm run bench -- messages\`)`,
    '',
    `Measured ${cstDate(Date.now())} (CST), ${machineNote()}.`,
    '',
    `${MESSAGES.toLocaleString('en-US')} messages over 2025 (four categories, ${DEPARTMENTS} departments; 80% answered, 5% declined, 15% open), on a fresh database each: messageStatistics, the code behind GetMessageStatistics and ExportMessageStatistics, for one month (June) and for the whole year (twelve months, every category and department); then the first page of the queue (GetMessageList) filtered to 超期. Median and fastest of ${RUNS} runs after one to warm up.`,
    '',
    '| engine | filling | statistics, one month | statistics, a year | queue, 超期, first page |',
    '|---|---:|---:|---:|---:|',
    ...figures.map((f) => `| ${f.engine} | ${f.fillS.toFixed(1)} s | ${timingCell(f.month)} | ${timingCell(f.year)} | ${timingCell(f.overdue)} |`),
    '',
    `Every run counted ${figures[0]?.received.toLocaleString('en-US')} messages received in the year and listed ${figures[0]?.overdueCount.toLocaleString('en-US')} as 超期. The target is the statistics over 100,000 messages in under 1 s on both engines; a year is the widest range an inspection asks for (the call takes up to 36 months).`,
    '',
  ].join('\n');
}

export async function runMessagesBench(): Promise<void> {
  const figures: Figures[] = [await onSqlite((database) => measure(database, 'SQLite'))];
  const pg = await onPostgres('bench_messages', (database) => measure(database, 'PostgreSQL'));
  if (pg) figures.push(pg);
  const section = report(figures);
  console.log(section);
  writeResultsSection(HEADING, section);
}
