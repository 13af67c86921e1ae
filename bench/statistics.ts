// 访问统计 (`npm run bench -- statistics`): ten million page views over 30 days rolled up, and the
// dashboard's reading (visitStatistics, the code behind GetVisitStatistics) for a day, a week, 30
// days and a year, on a fresh SQLite database and, when PostgreSQL answers, a fresh PostgreSQL
// schema. The figures go to RESULTS.md "访问统计".
import { performance } from 'node:perf_hooks';
import { addDays, cstDate } from '@portal/shared';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { visitStatistics } from '../apps/server/src/features/statistics/dashboard.js';
import { rollUpDay } from '../apps/server/src/features/statistics/rollup.js';
import { machineNote, onPostgres, onSqlite, writeResultsSection } from './fresh-databases.js';
import { timedRuns, timingCell, type Timing } from './timing.js';

const HITS = 10_000_000;
const DAYS = 30;
const PER_DAY = Math.ceil(HITS / DAYS);
const RUNS = 5;
const HEADING = '## 访问统计';
/** The last day of the data is "today": 2026-06-30 at 12:00 CST, so today is rolled up as a day in progress. */
const NOW = Date.parse('2026-06-30T04:00:00Z');
const LAST_DAY = cstDate(NOW);

/**
 * One day's page views made by the database from a counter: 5,000 articles in 20 menus, 40,000
 * visitors, a search in fifty views over 300 keywords, a robot in twenty-five; the other
 * dimensions spread by the counter's remainders.
 */
function dayOfHits(engine: Database['engine'], day: string) {
  const columns = sql`day, hour, path, article_id, menu_id, referrer_kind, referrer_name, keyword, results, device, browser, province, visitor, bot`;
  const values = sql`${day}, i % 24, '/info?MenuId=' || (i % 20 + 1) || '&NewsId=' || (i % 5000 + 1), i % 5000 + 1, i % 20 + 1,
    case i % 5 when 0 then 'direct' when 1 then 'search' when 2 then 'social' when 3 then 'internal' else 'external' end,
    case i % 5 when 1 then '百度' when 2 then '微信' when 4 then 'example.com' else '' end,
    case when i % 50 = 0 then '关键词' || (i % 300) else '' end, i % 7,
    case i % 3 when 0 then 'desktop' when 1 then 'mobile' else 'tablet' end,
    case i % 6 when 0 then 'Chrome' when 1 then '微信' when 2 then 'Safari' when 3 then 'Edge' when 4 then 'QQ浏览器' else 'Firefox' end,
    '省份' || (i % 34), 'v' || (i % 40000), case when i % 25 = 0 then '百度蜘蛛' else '' end`;
  return engine === 'postgres'
    ? sql`insert into stat_hits (${columns}) select ${values} from generate_series(0, ${PER_DAY - 1}) as s(i)`
    : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${PER_DAY - 1}) insert into stat_hits (${columns}) select ${values} from s`;
}

interface Figures {
  engine: string;
  fillS: number;
  rollDayS: number;
  day: Timing;
  week: Timing;
  month: Timing;
  year: Timing;
  views: number;
}

async function measure(database: Database, engine: string): Promise<Figures> {
  await migrate(database);
  const { db } = database;
  const first = addDays(LAST_DAY, -(DAYS - 1));
  console.log(`${engine}: ${HITS.toLocaleString('en-US')} page views over ${DAYS} days…`);
  const filling = performance.now();
  for (let day = first; day <= LAST_DAY; day = addDays(day, 1)) await dayOfHits(database.engine, day).execute(db);
  const fillS = (performance.now() - filling) / 1000;
  console.log(`${engine}: filled in ${fillS.toFixed(0)} s; rolling up…`);
  const rolling = performance.now();
  for (let day = first; day <= LAST_DAY; day = addDays(day, 1)) await rollUpDay(database, day, NOW);
  const rollDayS = (performance.now() - rolling) / 1000 / DAYS;
  // Today is not rolled again while reading (the freshness bound is wide): what is timed is the reading.
  const read = (start: string) => () => visitStatistics(database, { start, end: LAST_DAY }, NOW, 3_600_000);
  const month = await visitStatistics(database, { start: first, end: LAST_DAY }, NOW, 3_600_000);
  return {
    engine,
    fillS,
    rollDayS,
    day: await timedRuns(read(LAST_DAY), RUNS, { warm: true }),
    week: await timedRuns(read(addDays(LAST_DAY, -6)), RUNS, { warm: true }),
    month: await timedRuns(read(first), RUNS, { warm: true }),
    year: await timedRuns(read(addDays(LAST_DAY, -365)), RUNS, { warm: true }),
    views: month.total.views + month.total.botViews,
  };
}

function report(figures: Figures[]): string {
  return [
    `${HEADING} (\`npm run bench -- statistics\`)`,
    '',
    `Measured ${cstDate(Date.now())} (CST), ${machineNote()}.`,
    '',
    `${HITS.toLocaleString('en-US')} page views (${PER_DAY.toLocaleString('en-US')} a day over ${DAYS} days, 40,000 visitors a day, 5,000 articles in 20 menus, a robot in 25 views, a search in 50) made by the database on a fresh database each, then each day rolled up (rollUpDay: every dimension of the day in one transaction), then visitStatistics, the code behind GetVisitStatistics, for the last day, 7 days, 30 days and 366 days (the longest range it answers). Median and fastest of ${RUNS} runs after one to warm up.`,
    '',
    '| engine | filling | rolling up a day | one day | 7 days | 30 days | 366 days |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.engine} | ${f.fillS.toFixed(0)} s | ${f.rollDayS.toFixed(1)} s | ${timingCell(f.day)} | ${timingCell(f.week)} | ${timingCell(f.month)} | ${timingCell(f.year)} |`,
    ),
    '',
    `Over 30 days the dashboard counted ${figures[0]?.views.toLocaleString('en-US')} page views, people's and robots'. The target is under 500 ms over 10 million page views on both engines. Rolling up runs in the background every STATS_REFRESH_SECONDS (today only) and once for each past day.`,
    '',
  ].join('\n');
}

export async function runStatisticsBench(): Promise<void> {
  const figures: Figures[] = [await onSqlite((database) => measure(database, 'SQLite'))];
  const pg = await onPostgres('bench_statistics', (database) => measure(database, 'PostgreSQL'));
  if (pg) figures.push(pg);
  const section = report(figures);
  console.log(section);
  writeResultsSection(HEADING, section);
}
