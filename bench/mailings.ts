// 群发通知 (`npm run bench -- mailings`): a mailing to the 100,000 members of the members bench —
// SendMailing's release (the recipients written in one INSERT … SELECT) — and the dispatch job's
// rounds handing them to the outbox at 6,000 a minute (群发设置's most), the job's clock moved 10 s
// a round, with the heap sampled after each round; on SQLite and, when PostgreSQL answers, on
// PostgreSQL. The figures go to RESULTS.md "群发通知".
import { cstDate, mailingSegment } from '@portal/shared';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { runDispatch, saveDispatchRate } from '../apps/server/src/features/mailings/dispatch.js';
import { saveMailing } from '../apps/server/src/features/mailings/mailings.js';
import { sendMailing } from '../apps/server/src/features/mailings/sending.js';
import { machineNote, onPostgres, onSqlite, timed, writeResultsSection } from './fresh-databases.js';
import { fillMembers } from './members.js';

const PER_MINUTE = 6000;
/** Rounds of the job measured: a sixth of a minute's rate each, so this many hand ROUNDS × 1,000. */
const ROUNDS = 12;
const ROUND_MS = 10_000;
const NOW = Date.parse('2026-11-25T10:00:00+08:00');
const SITE = 'https://www.example.org.cn';
const HEADING = '## 群发通知';

interface Figures {
  engine: string;
  recipients: number;
  queueMs: number;
  rounds: { ms: number; handed: number }[];
  heapMiB: number[];
}

const mib = () => process.memoryUsage().heapUsed / 2 ** 20;

async function measure(database: Database, engine: string): Promise<Figures> {
  await migrate(database);
  console.log(`${engine}: members…`);
  await fillMembers(database);
  const { db } = database;
  let clock = NOW;
  const services = { database, config: { ...loadConfig({}), smtpUrl: 'smtp://127.0.0.1:1' }, now: () => clock };
  await saveDispatchRate(db, PER_MINUTE, clock);
  const id = await saveMailing(
    db,
    {
      MailingId: 0,
      Category: 'notice',
      TemplateId: 0,
      Subject: '关于召开{{会员级别}}年会的通知：{{公司名称}}',
      Body: '<p>{{联系人}}您好：</p><p>协会定于十二月召开年会，贵单位会籍有效期至{{有效期至}}。</p><p><a href="https://www.example.org.cn/info">详情</a></p>',
      Segment: mailingSegment.parse({}),
      Channels: ['email'],
    },
    'bench',
    clock,
  );
  console.log(`${engine}: sending…`);
  const queued = await timed(() => sendMailing(database, id, '', { baseUrl: SITE, mailEnabled: true }, clock));
  const recipients = Number(
    (
      await db
        .selectFrom('mailing_recipients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mailing_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rounds: Figures['rounds'] = [];
  const heapMiB = [mib()];
  for (let r = 0; r < ROUNDS; r++) {
    clock += ROUND_MS;
    const round = await timed(() => runDispatch(services));
    rounds.push({ ms: round.ms, handed: round.result });
    heapMiB.push(mib());
  }
  return { engine, recipients, queueMs: queued.ms, rounds, heapMiB };
}

function report(figures: Figures[]): string {
  const row = (f: Figures) => {
    const handed = f.rounds.reduce((n, r) => n + r.handed, 0);
    const ms = f.rounds.map((r) => r.ms).sort((a, b) => a - b);
    const perSecond = handed / (f.rounds.reduce((n, r) => n + r.ms, 0) / 1000);
    return `| ${f.engine} | ${f.recipients.toLocaleString('en-US')} | ${(f.queueMs / 1000).toFixed(2)} s | ${f.rounds[0]!.handed} | ${handed.toLocaleString('en-US')} in ${ROUNDS} rounds | ${(ms[Math.floor(ms.length / 2)]! / 1000).toFixed(2)} s / ${(ms.at(-1)! / 1000).toFixed(2)} s | ${Math.round(perSecond).toLocaleString('en-US')} | ${Math.min(...f.heapMiB).toFixed(0)}–${Math.max(...f.heapMiB).toFixed(0)} MiB |`;
  };
  return [
    `${HEADING} (\`npm run bench -- mailings\`)`,
    '',
    `A mailing (通知公告, seven merge variables) to every member of the members bench's 100,000 (the disabled and those never in a standing left out), on a fresh database. Measured ${cstDate(Date.now())} (CST), ${machineNote()}. "Queued" is SendMailing's release: the state moved and one recipient row written per member, in one transaction. Then ${ROUNDS} rounds of the dispatch job at 每分钟发送数量 ${PER_MINUTE.toLocaleString('en-US')}, its clock moved ${ROUND_MS / 1000} s a round as the job runs: each hands a sixth of the minute's rate, rendering each member's mail (their values, unsubscribe token) into the outbox, in batches of 200 a transaction. A round must take well under its ${ROUND_MS / 1000} s for the rate to hold; the heap is sampled after each round.`,
    '',
    '| engine | recipients | queued | handed by the first round | handed | round median / slowest | mails a second while handing | heap over the rounds |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(row),
    '',
    `At ${PER_MINUTE.toLocaleString('en-US')} a minute the 100,000 drain in about 17 minutes; the mail server's own sending (the outbox, one SMTP connection) is not part of this figure.`,
    '',
  ].join('\n');
}

export async function runMailingsBench(): Promise<void> {
  const figures = [await onSqlite((database) => measure(database, 'SQLite'))];
  const pg = await onPostgres('bench_mailings', (database) => measure(database, 'PostgreSQL'));
  if (pg) figures.push(pg);
  const section = report(figures);
  console.log(`\n${section}`);
  writeResultsSection(HEADING, section);
}
