// Forms (`npm run bench -- forms`): the results of a survey of 100,000 responses summarised
// (formSummary, the code behind GetFormSummary and GetFormResults), on SQLite and, when PostgreSQL
// answers, on PostgreSQL; and responses sent to a public form over HTTP on SQLite, against
// bench/server.ts in a child process, with the captcha step (GetFormCaptcha, which draws an image)
// measured apart from SubmitForm. The figures go to RESULTS.md "Forms".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { cstDate, formatCst, type FormAnswers, type FormField } from '@portal/shared';
import type { Database } from '../apps/server/src/db/connection.js';
import { connect } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { findForm } from '../apps/server/src/features/forms/definition.js';
import { formSummary, formTexts } from '../apps/server/src/features/forms/results.js';
import { answerHash } from '../apps/server/src/features/system/auth/captcha.js';
import { machineNote, onPostgres, onSqlite, writeResultsSection } from './fresh-databases.js';
import { startServer } from './harness.js';
import type { ServerStats } from './server.js';
import { ms, timedRuns, timingCell, type Timing } from './timing.js';

const RESPONSES = 100_000;
const CHUNK = 500;
const RUNS = 5;
/** Submissions over HTTP: this many clients at once, each sending the next until SUBMISSIONS are in. */
const CLIENTS = 50;
const SUBMISSIONS = 5000;
const CAPTCHAS = 1000;
const WARM_UP = 200;
/** Below the per-address limit (30 in 10 minutes): each address sends this many. */
const PER_ADDRESS = 25;
const HEADING = '## Forms';
/** A member level, a region and six weeks of the responses. */
const busyFilter = { level: 2, region: '广东', start: '2026-01-10', end: '2026-02-20' };
const root = path.resolve(import.meta.dirname, '..');

const field = (Key: string, Type: FormField['Type'], Label: string, more: Partial<FormField> = {}): FormField => ({
  Key,
  Type,
  Label,
  Help: '',
  Required: false,
  Options: [],
  MinPicks: 0,
  MaxPicks: 0,
  MinLength: 0,
  MaxLength: 0,
  Min: null,
  Max: null,
  Pattern: '',
  Scale: 5,
  Rows: [],
  Columns: [],
  Accept: 'any',
  ShowWhen: null,
  ...more,
});

/** A member survey of twelve questions: choices, ratings, a matrix, numbers, a region and free text. */
const fields: FormField[] = [
  field('satisfied', 'radio', '总体满意度', { Required: true, Options: ['非常满意', '满意', '一般', '不满意'] }),
  field('services', 'checkbox', '使用过的服务', { Options: ['培训', '评优', '展会', '咨询', '标准', '期刊'] }),
  field('size', 'select', '企业规模', { Options: ['大型', '中型', '小型', '微型'] }),
  field('score', 'rating', '服务评分', { Scale: 10 }),
  field('training', 'rating', '培训评分'),
  field('grid', 'matrix', '各项评价', { Rows: ['培训', '会议', '网站', '期刊'], Columns: ['好', '较好', '一般', '差'] }),
  field('staff', 'number', '职工人数'),
  field('revenue', 'number', '年营业额（万元）'),
  field('region', 'region', '所在地区'),
  field('founded', 'date', '成立日期'),
  field('name', 'text', '联系人'),
  field('advice', 'textarea', '意见建议'),
];

let seed = 20_240_601;
const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32) / 2 ** 32;
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const provinces = ['北京', '上海', '广东', '江苏', '浙江', '四川', '湖北', '山东'];

function answers(i: number): FormAnswers {
  const a: FormAnswers = {
    satisfied: pick(fields[0]!.Options),
    services: fields[1]!.Options.filter(() => random() < 0.3),
    size: pick(fields[2]!.Options),
    score: 1 + Math.floor(random() * 10),
    training: 1 + Math.floor(random() * 5),
    grid: Object.fromEntries(fields[5]!.Rows.map((row) => [row, pick(fields[5]!.Columns)])),
    staff: Math.floor(random() * 5000),
    revenue: Math.round(random() * 100_000) / 10,
    region: { Province: pick(provinces), City: '市辖区' },
    founded: `${1990 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
    name: `联系人${i}`,
  };
  if (i % 3 === 0) a.advice = `希望协会多组织${pick(['培训', '交流', '考察', '评优'])}活动，第${i}份建议`;
  if ((a.services as string[]).length === 0) delete a.services;
  return a;
}

/** A public survey and its responses; answers the form's id. */
/** An open public survey of the bench's questions; answers its id. */
async function openSurvey({ db }: Database, title: string): Promise<number> {
  const at = formatCst(Date.now());
  const { id } = await db
    .insertInto('forms')
    .values({ title, kind: 'survey', audience: 'public', status: 1, definition: JSON.stringify(fields), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function fill(database: Database): Promise<number> {
  const { db } = database;
  seed = 20_240_601;
  const id = await openSurvey(database, '基准测试：会员满意度调查');
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let from = 0; from < RESPONSES; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, RESPONSES - from) }, (_, k) => {
      const i = from + k;
      return { i, answers: answers(i), created_at: formatCst(start + i * 60_000) };
    });
    const ids = await db
      .insertInto('form_responses')
      .values(
        rows.map((r) => ({
          form_id: id,
          form_version: 1,
          member_level_id: 1 + (r.i % 3),
          region: pick(provinces),
          answers: JSON.stringify(r.answers),
          created_at: r.created_at,
        })),
      )
      .returning('id')
      .execute();
    const texts = rows.flatMap((r, k) =>
      (['name', 'advice'] as const)
        .filter((key) => r.answers[key] !== undefined)
        .map((key) => ({ response_id: ids[k]!.id, form_id: id, field_key: key, text: String(r.answers[key]), created_at: r.created_at })),
    );
    await db.insertInto('form_texts').values(texts).execute();
  }
  await db.updateTable('forms').set({ response_count: RESPONSES }).where('id', '=', id).execute();
  return id;
}

const timed = (work: () => Promise<unknown>) => timedRuns(work, RUNS);

interface SummaryFigures {
  engine: string;
  fillS: number;
  all: Timing;
  filtered: Timing;
  texts: Timing;
  counted: number;
  filteredCount: number;
}

async function measureSummary(database: Database, engine: string): Promise<SummaryFigures> {
  await migrate(database);
  console.log(`${engine}: ${RESPONSES.toLocaleString('en-US')} responses…`);
  const filling = performance.now();
  const id = await fill(database);
  const fillS = (performance.now() - filling) / 1000;
  const form = await findForm(database.db, id);
  const summary = await formSummary(database.db, form, {});
  return {
    engine,
    fillS,
    all: await timed(() => formSummary(database.db, form, {})),
    filtered: await timed(() => formSummary(database.db, form, busyFilter)),
    texts: await timed(() => formTexts(database.db, id, { formid: id, field: 'advice', key: '考察', pageindex: 1, pagesize: 20 })),
    counted: summary.Responses,
    filteredCount: (await formSummary(database.db, form, busyFilter)).Responses,
  };
}

interface SubmitFigures {
  submitRps: number;
  submitP50: number;
  submitP99: number;
  /** The server's CPU ms per request (every thread), from its own counters. */
  submitCpu: number;
  captchaRps: number;
  captchaP50: number;
  captchaCpu: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A data folder with a public survey open, and tickets of captchas made without their images (one per submission). */
async function prepareSubmissions(dataDir: string): Promise<{ formId: number; tickets: { ticket: string; answer: string }[] }> {
  const database = await connect({ dataDir });
  try {
    await migrate(database);
    const id = await openSurvey(database, '基准测试：公开问卷');
    const tickets = Array.from({ length: WARM_UP + SUBMISSIONS }, () => ({ ticket: randomBytes(24).toString('base64url'), answer: 'ABCD' }));
    const expires = formatCst(Date.now() + 3_600_000);
    for (let from = 0; from < tickets.length; from += CHUNK)
      await database.db
        .insertInto('captchas')
        .values(tickets.slice(from, from + CHUNK).map((t) => ({ ticket: t.ticket, answer_hash: answerHash(t.ticket, t.answer), expires_at: expires, used: 0 })))
        .execute();
    return { formId: id, tickets };
  } finally {
    await database.close();
  }
}

async function measureSubmissions(): Promise<SubmitFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'));
  try {
    const { formId, tickets } = await prepareSubmissions(dataDir);
    const server = await startServer(root, { DATA_DIR: dataDir, BENCH_APP_PORT: '0', TRUST_PROXY: '1', RESPONSE_CACHE_MB: '0' });
    try {
      const base = `http://127.0.0.1:${server.port}/api/XfWebApi`;
      const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      let addresses = 0;
      /** `count` requests from CLIENTS clients at once; the n-th from a new address every PER_ADDRESS. */
      const run = async (count: number, offset: number, request: (i: number, from: string) => Promise<Response>) => {
        const times: number[] = [];
        let failures = 0;
        let next = 0;
        const first = addresses;
        addresses += Math.ceil(count / PER_ADDRESS) + 1;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            for (let i = next++; i < count; i = next++) {
              const sent = performance.now();
              const { Code } = (await (await request(offset + i, address(first + Math.floor(i / PER_ADDRESS)))).json()) as { Code: number };
              times.push(performance.now() - sent);
              if (Code !== 200) failures += 1;
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        return { rps: count / seconds, p50: percentile(times, 50), p99: percentile(times, 99), failures };
      };
      const submit = (i: number, from: string) =>
        fetch(`${base}/SubmitForm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify({ FormId: formId, Answers: answers(i), Captcha: tickets[i]!.answer, CaptchaTicket: tickets[i]!.ticket }),
        });
      const serverCpu = async () => ((await server.ask({ kind: 'stats' })) as { stats: ServerStats }).stats.cpuMicros / 1000;
      await run(WARM_UP, 0, submit);
      const beforeSubmissions = await serverCpu();
      const submitted = await run(SUBMISSIONS, WARM_UP, submit);
      const beforeCaptchas = await serverCpu();
      const captchas = await run(CAPTCHAS, 0, (_, from) => fetch(`${base}/GetFormCaptcha`, { headers: { 'x-forwarded-for': from } }));
      const afterCaptchas = await serverCpu();
      return {
        submitRps: submitted.rps,
        submitP50: submitted.p50,
        submitP99: submitted.p99,
        submitCpu: (beforeCaptchas - beforeSubmissions) / SUBMISSIONS,
        captchaRps: captchas.rps,
        captchaP50: captchas.p50,
        captchaCpu: (afterCaptchas - beforeCaptchas) / CAPTCHAS,
        failures: submitted.failures + captchas.failures,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(summaries: SummaryFigures[], submissions: SubmitFigures): string {
  return [
    `${HEADING} (\`npm run bench -- forms\`)`,
    '',
    `Measured ${cstDate(Date.now())} (CST), ${machineNote()}.`,
    '',
    `**Results of ${RESPONSES.toLocaleString('en-US')} responses** to a survey of twelve questions (four choice questions, two ratings, a 4 × 4 matrix, two numbers, a region, a date, two texts), on a fresh database each: formSummary, the code behind GetFormSummary and GetFormResults, reading the answers once and counting in memory; then filtered (a member level, a region and six weeks: ${summaries[0]?.filteredCount.toLocaleString('en-US')} responses); then the first page of a text question's answers searched by a word. Median and fastest of ${RUNS} runs.`,
    '',
    '| engine | filling | summary, all | summary, filtered | text answers, searched |',
    '|---|---:|---:|---:|---:|',
    ...summaries.map((f) => `| ${f.engine} | ${f.fillS.toFixed(1)} s | ${timingCell(f.all)} | ${timingCell(f.filtered)} | ${timingCell(f.texts)} |`),
    '',
    'Wall-clock times are those of a process sharing the machine with everything else running (see the load above); the CPU figures are what the work itself costs.',
    '',
    `The target is the summary of 100,000 responses in under 1 s on SQLite.${summaries.every((f) => f.counted === RESPONSES) ? '' : ' (A summary did not count every response: see the run.)'}`,
    '',
    `**Responses sent to a public form** over HTTP on SQLite (bench/server.ts in a child process, the response cache off), ${CLIENTS} clients at once, each submission from a visitor with a right captcha, the answers of the twelve questions checked and stored with their text answers, at most ${PER_ADDRESS} from one address (the per-address limit is 30 in 10 minutes). The captchas were made beforehand without their images; the captcha step, GetFormCaptcha drawing an image and keeping its ticket, is measured apart. ${SUBMISSIONS.toLocaleString('en-US')} submissions after ${WARM_UP} to warm up, then ${CAPTCHAS.toLocaleString('en-US')} captchas.`,
    '',
    '| step | per second | median | p99 | server CPU per request | per second of one core’s CPU |',
    '|---|---:|---:|---:|---:|---:|',
    `| SubmitForm | ${submissions.submitRps.toFixed(0)} | ${submissions.submitP50.toFixed(1)} ms | ${submissions.submitP99.toFixed(1)} ms | ${submissions.submitCpu.toFixed(2)} ms | ${(1000 / submissions.submitCpu).toFixed(0)} |`,
    `| GetFormCaptcha | ${submissions.captchaRps.toFixed(0)} | ${submissions.captchaP50.toFixed(1)} ms | | ${submissions.captchaCpu.toFixed(2)} ms | ${(1000 / submissions.captchaCpu).toFixed(0)} |`,
    '',
    `The target is 1,000 submissions a second on SQLite, the captcha measured apart.${submissions.failures ? ` ${submissions.failures} requests were refused: see the run.` : ' Every request was answered Code 200.'}`,
    '',
    `On this run: the summary of all ${RESPONSES.toLocaleString('en-US')} responses took ${ms(summaries[0]!.all.cpu)} of CPU on SQLite, and a submission ${submissions.submitCpu.toFixed(2)} ms of the server's CPU, ${(1000 / submissions.submitCpu).toFixed(0)} a second for each core the server has to itself; the wall-clock rates are those of this machine's load.`,
    '',
  ].join('\n');
}

/** Runs the bench and writes its section of RESULTS.md (replacing an earlier one). */
export async function runFormsBench(): Promise<void> {
  const summaries = [await onSqlite((database) => measureSummary(database, 'SQLite'))];
  const onPg = await onPostgres('bench_forms', (database) => measureSummary(database, 'PostgreSQL'));
  if (onPg) summaries.push(onPg);
  console.log('SQLite: submissions over HTTP…');
  const submissions = await measureSubmissions();
  const section = report(summaries, submissions);
  console.log(`\n${section}`);
  writeResultsSection(HEADING, section);
}
