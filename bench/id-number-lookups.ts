// The public certificate lookup by name and ID number (GetCertList) over 100,000 exam results,
// in the checkout it runs in: bench/id-numbers.ts runs it in this checkout and in a worktree of
// another commit, so the sealed numbers are measured against the numbers in the clear. Prints
// one JSON line: the CPU and wall-clock microseconds per lookup, the cheapest of the rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { idCheckCharacter } from '@portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LOOKUPS = 2_000;
const ROUNDS = 3;
const CHUNK = 500;

const idNumber = (i: number) => {
  const first17 = `1101011990${String(Math.floor(i / 1000)).padStart(4, '0')}${String(i % 1000).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
};
const holder = (i: number) => ({ name: `考生${Math.floor(i / 1000)}`, idNum: idNumber(i) });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-lookups-'));
const config = { ...loadConfig({}), dataDir, webDist: path.join(dataDir, 'no-web'), logLevel: 'silent', seedDemo: false, trustProxy: 1 };
const app = await buildApp(config, { logger: false, backgroundJobs: false });
try {
  const { database } = app.services;
  // This build seals numbers (database.idNumbers) or keeps them in the clear (before issue 58's).
  const seal = (database as unknown as { idNumbers?: { seal(idNum: string): Record<string, string> } }).idNumbers;
  for (let from = 0; from < ROWS; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ROWS - from) }, (_, k) => {
      const i = from + k;
      const { name, idNum } = holder(i);
      return {
        name,
        ...(seal ? seal.seal(idNum) : { id_num: idNum }),
        exam_time: '2024-05-12',
        exam_status: 1,
        cert_num: `GCFX-${i}`,
        issue_date: '2024-06-01',
        verify_token: `bench-${i}`,
        created_at: '2024-06-01 10:00:00',
        updated_at: '2024-06-01 10:00:00',
      };
    });
    await (database.db as unknown as { insertInto(t: string): { values(v: unknown): { execute(): Promise<unknown> } } })
      .insertInto('certificates')
      .values(rows)
      .execute();
  }
  // The fill's writes checkpointed and the table's statistics taken before measuring: otherwise
  // the checkpoint of the fill's WAL (larger with sealed rows) lands on the lookups measured.
  if (database.engine === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    await sql`ANALYZE`.execute(database.db);
  }
  let n = 0;
  const lookup = async () => {
    const i = (n * 7919) % ROWS;
    const { name, idNum } = holder(i);
    n += 1;
    const res = await app.inject({
      url: `/api/XfWebApi/GetCertList?Name=${encodeURIComponent(name)}&IdNum=${idNum}&pageindex=1&pagesize=10`,
      headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    });
    const body = res.json<{ Code: number; Data: { TotalCount: number } }>();
    if (body.Code !== 200 || body.Data.TotalCount !== 1) throw new Error(`lookup ${i}: ${res.body.slice(0, 200)}`);
  };
  for (let w = 0; w < 300; w++) await lookup();
  const rounds: { cpu: number; wall: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    const started = performance.now();
    for (let k = 0; k < LOOKUPS; k++) await lookup();
    const used = process.cpuUsage(before);
    rounds.push({ cpu: (used.user + used.system) / LOOKUPS, wall: ((performance.now() - started) * 1000) / LOOKUPS });
  }
  console.log(
    JSON.stringify({ rows: ROWS, sealed: Boolean(seal), cpuUs: Math.min(...rounds.map((r) => r.cpu)), wallUs: Math.min(...rounds.map((r) => r.wall)) }),
  );
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
