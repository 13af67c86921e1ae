// 活动签到 under a door's load: the round trip of CheckInActivityMember over HTTP with 5 staff
// scanning at once, on SQLite, against bench/server.ts in a child process (so the staff and the
// server do not share an event loop). Figures go to RESULTS.md "Check-in".
// Run: npx tsx bench/checkin.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ActivityStatus, ApplyState, formatCst, MemberStatus } from '@portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { giveCheckInKeys } from '../apps/server/src/features/activities/check-in-keys.js';
import { openSession } from '../apps/server/src/features/system/auth/sessions.js';
import { ensureSystemSeed } from '../apps/server/src/features/system/seed.js';
import { startServer } from './harness.js';
import type { ServerStats } from './server.js';

const STAFF = 5;
/** Members signed up; each is scanned once, and one scan in ten is a second scan of someone already in (409). */
const SIGNED_UP = 2000;
const SECOND_SCAN_EVERY = 10;
/** Scans before measuring: the server's first requests compile its statements and warm its caches. */
const WARM_UP = 100;
const root = path.resolve(import.meta.dirname, '..');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A data folder with the back office, an activity happening now, its members signed up with their keys, and a session per staff member. */
async function prepare(dataDir: string): Promise<{ activityId: number; tokens: string[]; sessions: string[] }> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-door-keeper-2024' });
  const app = await buildApp(config, { logger: false, backgroundJobs: false });
  await ensureSystemSeed(app.services, app.log);
  const { database } = app.services;
  const { db } = database;
  const now = Date.now();
  const at = formatCst(now);
  const { id: level } = await db
    .insertInto('type_items')
    .values({ type: 2, name: '会员单位', sort_number: 0, status: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: activityId } = await db
    .insertInto('activities')
    .values({
      title: '年度会员大会',
      description: '',
      place: '北京',
      start_time: formatCst(now - 3_600_000),
      end_time: formatCst(now + 8 * 3_600_000),
      sign_up_deadline: formatCst(now - 7_200_000),
      capacity: 0,
      sign_up_count: SIGNED_UP,
      audience_all: 1,
      attachments: '[]',
      status: ActivityStatus.Published,
      published_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < SIGNED_UP; start += 500) {
    const members = await db
      .insertInto('members')
      .values(
        Array.from({ length: Math.min(500, SIGNED_UP - start) }, (_, k) => ({
          account: `door${start + k}`,
          password_hash: 'bench',
          member_name: `第${start + k}建设工程有限公司`,
          company_type_id: 0,
          member_level_id: level,
          company_ment: '',
          mainbusiness: '',
          reg_address: '',
          daily_operator: '张三',
          operator_phone: '',
          remarks: '',
          legal_person: '',
          email: '',
          file_path: '',
          reg_capital: 0,
          staff_count: 0,
          join_date: '',
          expire_date: '',
          apply_state: ApplyState.Approved,
          status: MemberStatus.Enabled,
          last_login_at: '',
          process_item_name: '',
          applied_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('activity_notices')
      .values(members.map((m) => ({ activity_id: activityId, member_id: m.id, read_at: at, reminded_at: '', signed_up_at: at, mail_id: null, created_at: at })))
      .execute();
  }
  // The keys as sign-up gives them (a unique code within the activity, under its lock).
  const signedUp = await db.selectFrom('activity_notices').select('member_id').where('activity_id', '=', activityId).execute();
  await db.transaction().execute(async (trx) => {
    for (const { member_id } of signedUp) await giveCheckInKeys(trx, activityId, member_id);
  });
  const tokens = (await db.selectFrom('activity_notices').select('check_in_token').where('activity_id', '=', activityId).orderBy('id').execute()).map(
    (r) => r.check_in_token!,
  );
  const admin = await db.selectFrom('admin_users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  await db.updateTable('admin_users').set({ must_change_password: 0 }).where('id', '=', admin.id).execute();
  const sessions: string[] = [];
  for (let i = 0; i < STAFF; i++)
    sessions.push(await openSession(database, admin.id, { ip: '127.0.0.1', userAgent: `bench staff ${i}` }, now, config.adminSession));
  await app.close();
  return { activityId, tokens, sessions };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkin-'));
  try {
    const { activityId, tokens, sessions } = await prepare(dataDir);
    const server = await startServer(root, { DATA_DIR: dataDir, BENCH_APP_PORT: '0' });
    try {
      const base = `http://127.0.0.1:${server.port}/api/XfSysBussiness`;
      const timed = async (request: Promise<Response>) => {
        const started = performance.now();
        const { Code } = (await (await request).json()) as { Code: number };
        return { ms: performance.now() - started, code: Code };
      };
      /** `count` requests made by the staff at once, each taking the next; measured after the warm-up. */
      const measure = async (title: string, count: number, request: (session: string, i: number) => Promise<Response>) => {
        // The event loop's delay and the server's CPU time are measured from here.
        const before = ((await server.ask({ kind: 'stats' })) as { stats: ServerStats }).stats;
        const load = os.loadavg()[0]!;
        let next = 0;
        const results: { ms: number; code: number }[] = [];
        const started = performance.now();
        await Promise.all(
          sessions.map(async (session) => {
            for (let i = next++; i < count; i = next++) {
              const result = await timed(request(session, i));
              if (i >= WARM_UP) results.push(result);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
        const codes = results.reduce<Record<number, number>>((tally, r) => ({ ...tally, [r.code]: (tally[r.code] ?? 0) + 1 }), {});
        const { stats } = (await server.ask({ kind: 'stats' })) as { stats: ServerStats };
        const fmt = (n: number) => n.toFixed(1);
        console.log(`${title}, ${STAFF} staff at once, ${results.length} measured (${WARM_UP} warm-up), SQLite:`);
        console.log(
          `  p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1)!)} ms`,
        );
        console.log(
          `  ${fmt(count / seconds)} a second; answers: ${Object.entries(codes)
            .map(([code, n]) => `Code ${code} × ${n}`)
            .join(', ')}`,
        );
        console.log(
          `  server CPU ${fmt((stats.cpuMicros - before.cpuMicros) / 1000 / count)} ms each, event-loop delay p99 ${stats.loopP99} ms, RSS ${stats.rssMiB} MiB; machine load average ${fmt(load)} on ${os.availableParallelism()} cores at the start`,
        );
        return codes;
      };
      // The queue at the door: each member's QR once, every tenth followed by someone scanned before.
      const queue: string[] = [];
      tokens.forEach((token, i) => {
        queue.push(token);
        if (i > 0 && i % SECOND_SCAN_EVERY === 0) queue.push(tokens[i - 1]!);
      });
      const codes = await measure('check-in round trip (CheckInActivityMember by QR token)', queue.length, (session, i) =>
        fetch(`${base}/CheckInActivityMember`, {
          method: 'POST',
          headers: { token: session, 'content-type': 'application/json' },
          body: JSON.stringify({ ActivityId: activityId, Token: queue[i] }),
        }),
      );
      if ((codes[200] ?? 0) + (codes[409] ?? 0) !== queue.length - WARM_UP) throw new Error('a scan was refused: the figures would not be of check-ins');
      // For scale, under the same load: the page's poll of the counts, the same guard and one read.
      await measure('reference: the counts the page polls (GetCheckInActivity/{id})', 1000, (session) =>
        fetch(`${base}/GetCheckInActivity/${activityId}`, { headers: { token: session } }),
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
