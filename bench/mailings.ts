// 群发通知 (`npm run bench -- mailings`): a mailing to the 100,000 members of the members bench —
// SendMailing's release (the recipients written in one INSERT … SELECT) — and the dispatch job's
// rounds handing them to the outbox at 6,000 a minute (群发设置's most), the job's clock moved 10 s
// a round, with the heap sampled after each round; on SQLite and, when PostgreSQL answers, on
// PostgreSQL. Then, on SQLite, the public site's reads while a server process drains such a
// mailing with its own jobs (the crawl bench's method: /home's visitors quiet, then during): the
// dispatch job and the outbox sending to a mail server on loopback that takes every mail and keeps
// none. The figures go to RESULTS.md "群发通知".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { cstDate, mailingSegment } from '@portal/shared';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, type Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { runDispatch, saveDispatchRate } from '../apps/server/src/features/mailings/dispatch.js';
import { saveMailing } from '../apps/server/src/features/mailings/mailings.js';
import { sendMailing } from '../apps/server/src/features/mailings/sending.js';
import { machineNote, onPostgres, onSqlite, timed, writeResultsSection } from './fresh-databases.js';
import { fillMembers } from './members.js';
import { HEADERS, startOneProcess } from './harness.js';
import { defaultGenerator, runLoad, type LoadResult } from './load.js';
import type { ServerStats } from './server.js';

const PER_MINUTE = 6000;
/** Rounds of the job measured: a sixth of a minute's rate each, so this many hand ROUNDS × 1,000. */
const ROUNDS = 12;
const ROUND_MS = 10_000;
const NOW = Date.parse('2026-11-25T10:00:00+08:00');
const SITE = 'https://www.example.org.cn';
const HEADING = '## 群发通知';
const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3401);
const VISITORS = 4;
const READ_SECONDS = 10;

/** The bench's mailing, a draft to every member: seven merge variables, a link. */
const draftToAll = (db: Database['db'], now: number) =>
  saveMailing(
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
    now,
  );

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
  const id = await draftToAll(db, clock);
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

interface Reads {
  quiet: LoadResult;
  during: LoadResult;
  /** Mails the server handed to its outbox, and the mail server received, while the visitors were measured. */
  handed: number;
  received: number;
  rssMiB: number;
}

/** A mail server on loopback that accepts every mail and keeps nothing: the outbox's far end, costing the bench process little. */
async function startMailSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    logger: false,
    // A mail server of the bench's own: no reverse lookup of each connecting client.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const handedCount = async (database: Database) =>
  Number(
    (
      await database.db
        .selectFrom('mailing_recipients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('handed_at', '!=', '')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** /home's visitors before the mailing is sent, then while the server's own jobs hand it out and send it. */
async function readsWhileDraining(): Promise<Reads> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const sink = await startMailSink();
  const generator = defaultGenerator();
  try {
    const database = await connect({ dataDir });
    let id: number;
    try {
      await migrate(database);
      console.log('reads while draining: members…');
      await fillMembers(database);
      await saveDispatchRate(database.db, PER_MINUTE, Date.now());
      id = await draftToAll(database.db, Date.now());
    } finally {
      await database.close();
    }
    const server = await startOneProcess(root, dataDir, PORT, { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'bench@example.org.cn' });
    try {
      const visitors = { url: `http://127.0.0.1:${server.port}/home`, connections: VISITORS, headers: HEADERS };
      await runLoad(generator, { ...visitors, seconds: 1 });
      const quiet = await runLoad(generator, { ...visitors, seconds: READ_SECONDS });
      // Sent as the back office sends it, from here on the same database file.
      const sender = await connect({ dataDir });
      try {
        await sendMailing(sender, id, '', { baseUrl: SITE, mailEnabled: true }, Date.now());
        // The first round after the send (the job runs every 10 s), then the visitors again.
        const start = Date.now();
        while ((await handedCount(sender)) === 0 && Date.now() - start < 30_000) await new Promise((resolve) => setTimeout(resolve, 200));
        const handedBefore = await handedCount(sender);
        const receivedBefore = sink.received();
        const during = await runLoad(generator, { ...visitors, seconds: READ_SECONDS * 2 });
        const stats = (await server.ask({ kind: 'stats' })) as { stats: ServerStats };
        return { quiet, during, handed: (await handedCount(sender)) - handedBefore, received: sink.received() - receivedBefore, rssMiB: stats.stats.rssMiB };
      } finally {
        await sender.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(figures: Figures[], reads: Reads): string {
  const row = (f: Figures) => {
    const handed = f.rounds.reduce((n, r) => n + r.handed, 0);
    const ms = f.rounds.map((r) => r.ms).sort((a, b) => a - b);
    const perSecond = handed / (f.rounds.reduce((n, r) => n + r.ms, 0) / 1000);
    return `| ${f.engine} | ${f.recipients.toLocaleString('en-US')} | ${(f.queueMs / 1000).toFixed(2)} s | ${f.rounds[0]!.handed} | ${handed.toLocaleString('en-US')} in ${ROUNDS} rounds | ${(ms[Math.floor(ms.length / 2)]! / 1000).toFixed(2)} s / ${(ms.at(-1)! / 1000).toFixed(2)} s | ${Math.round(perSecond).toLocaleString('en-US')} | ${Math.min(...f.heapMiB).toFixed(0)}–${Math.max(...f.heapMiB).toFixed(0)} MiB |`;
  };
  return [
    `${HEADING} (\`npm run bench -- mailings\`)`,
    '',
    `A mailing (通知公告, seven merge variables) to every member of the members bench's 100,000 (the disabled and those never in a standing left out), on a fresh database. Measured ${cstDate(Date.now())} (CST), ${machineNote()}. "Queued" is SendMailing's release: the state moved and one recipient row written per member, in one transaction. Then ${ROUNDS} rounds of the dispatch job at 每分钟发送数量 ${PER_MINUTE.toLocaleString('en-US')}, its clock moved ${ROUND_MS / 1000} s a round as the job runs: each hands a sixth of the minute's rate, rendering each member's mail (their values, unsubscribe token) into the outbox, in batches of 50 a transaction. A round must take well under its ${ROUND_MS / 1000} s for the rate to hold; the heap is sampled after each round.`,
    '',
    '| engine | recipients | queued | handed by the first round | handed | round median / slowest | mails a second while handing | heap over the rounds |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(row),
    '',
    `At ${PER_MINUTE.toLocaleString('en-US')} a minute the 100,000 drain in about 17 minutes; the outbox's sending to the mail server is measured below, in the server process.`,
    '',
    `Public reads while it drains (SQLite, one server process with its background jobs, a mail server on loopback taking every mail): ${VISITORS} connections asking for /home for ${READ_SECONDS} s before the send, then for ${READ_SECONDS * 2} s while the server's dispatch job and outbox worked through the mailing.`,
    '',
    '| /home | requests/s | p50 | p99 | failed |',
    '|---|---:|---:|---:|---:|',
    `| quiet | ${Math.round(reads.quiet.rps).toLocaleString('en-US')} | ${reads.quiet.p50} ms | ${reads.quiet.p99} ms | ${reads.quiet.failures} |`,
    `| while draining | ${Math.round(reads.during.rps).toLocaleString('en-US')} | ${reads.during.p50} ms | ${reads.during.p99} ms | ${reads.during.failures} |`,
    '',
    `Meanwhile the server handed ${reads.handed.toLocaleString('en-US')} recipients to its outbox and the mail server received ${reads.received.toLocaleString('en-US')} mails; the server's RSS at the end ${reads.rssMiB} MiB.`,
    '',
  ].join('\n');
}

export async function runMailingsBench(): Promise<void> {
  const figures = [await onSqlite((database) => measure(database, 'SQLite'))];
  const pg = await onPostgres('bench_mailings', (database) => measure(database, 'PostgreSQL'));
  if (pg) figures.push(pg);
  const section = report(figures, await readsWhileDraining());
  console.log(`\n${section}`);
  writeResultsSection(HEADING, section);
}
