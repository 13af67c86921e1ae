// ID numbers at rest (`npm run bench -- id-numbers [--base <commit>]`): the public lookup by name
// and ID number over 100,000 results, sealed (this checkout) against in the clear (`--base`, a
// commit before the numbers were sealed, run in a worktree), the builds taking turns; and
// re-sealing 1,000,000 numbers under a new key on a fresh SQLite database and, when PostgreSQL
// answers, a fresh PostgreSQL schema. The figures go to RESULTS.md "ID numbers".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { RESEAL_BATCH, resealAll } from '../apps/server/src/db/reseal-id-numbers.js';
import { machineNote, onPostgres, onSqlite, timed, writeResultsSection } from './fresh-databases.js';
import { addWorktree, removeWorktrees } from './worktrees.js';

const ROWS = 1_000_000;
const CHUNK = 1_000;
const TURNS = 3;
const HEADING = '## ID numbers';
const root = path.resolve(import.meta.dirname, '..');

interface Lookups {
  cpuUs: number;
  wallUs: number;
}

function lookupsIn(dir: string): Lookups {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/id-number-lookups.ts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`lookups in ${dir} failed`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Lookups;
}

/** Each build's cheapest turn, the builds taking turns (A B B A) so a busy stretch falls on both. */
function compareLookups(base: string): { label: string; base: Lookups; head: Lookups } {
  const { label, dir } = addWorktree(base);
  fs.copyFileSync(path.join(root, 'bench/id-number-lookups.ts'), path.join(dir, 'bench/id-number-lookups.ts'));
  const runs: Record<'base' | 'head', Lookups[]> = { base: [], head: [] };
  for (let turn = 0; turn < TURNS; turn++) {
    for (const which of turn % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const)) {
      console.log(`lookups, ${which} (turn ${turn + 1})…`);
      runs[which].push(lookupsIn(which === 'base' ? dir : root));
    }
  }
  const cheapest = (all: Lookups[]) => ({ cpuUs: Math.min(...all.map((r) => r.cpuUs)), wallUs: Math.min(...all.map((r) => r.wallUs)) });
  return { label, base: cheapest(runs.base), head: cheapest(runs.head) };
}

/** What sealing adds to one lookup, in this process: the keyed hash searched by and one number opened. */
function cryptoPerLookup(database: Database): { indexUs: number; openUs: number } {
  const times = 20_000;
  const sealed = database.idNumbers.seal('11010519491231002X');
  const perCall = (work: () => unknown) => {
    const started = performance.now();
    for (let i = 0; i < times; i++) work();
    return ((performance.now() - started) * 1000) / times;
  };
  perCall(() => database.idNumbers.open(sealed.id_num_sealed, sealed.id_num_key));
  return {
    indexUs: perCall(() => database.idNumbers.lookupIndexes('11010519491231002X')),
    openUs: perCall(() => database.idNumbers.open(sealed.id_num_sealed, sealed.id_num_key)),
  };
}

/** Fills `rows` sealed numbers, adds a key and re-seals them all: the seconds of each. */
async function reseal(database: Database, engine: string): Promise<{ engine: string; fillS: number; resealS: number }> {
  await migrate(database);
  console.log(`${engine}: ${ROWS.toLocaleString('en-US')} numbers…`);
  const fill = await timed(async () => {
    for (let from = 0; from < ROWS; from += CHUNK) {
      const rows = Array.from({ length: CHUNK }, (_, k) => {
        const i = from + k;
        return {
          name: `考生${i}`,
          ...database.idNumbers.seal(`1101011990${String(i).padStart(7, '0')}X`),
          id_type: 1,
          company: '',
          exam_time: '2024-05-12',
          exam_status: 2,
          issue_date: '',
          remarks: '',
          status: 1,
          verify_token: `bench-${i}`,
          created_at: '2024-06-01 10:00:00',
          updated_at: '2024-06-01 10:00:00',
        };
      });
      await database.db.insertInto('certificates').values(rows).execute();
    }
  });
  database.idNumbers.ring.addKey();
  const done = await timed(() => resealAll(database));
  if (done.result.resealed !== ROWS || Object.keys(done.result.remaining).length > 0) throw new Error(`re-sealed ${done.result.resealed}`);
  return { engine, fillS: fill.ms / 1000, resealS: done.ms / 1000 };
}

export async function runIdNumbersBench(base: string | undefined): Promise<void> {
  const values = { base };
  try {
    const compared = values.base ? compareLookups(values.base) : undefined;
    const crypto = await onSqlite(async (db) => cryptoPerLookup(db));
    const resealed = [await onSqlite((db) => reseal(db, 'SQLite'))];
    const pg = await onPostgres('bench_id_numbers', (db) => reseal(db, 'PostgreSQL'));
    if (pg) resealed.push(pg);
    const lines = [
      HEADING,
      '',
      `Measured ${new Date().toISOString()} by \`npm run bench -- id-numbers${values.base ? ` --base ${values.base}` : ''}\`; ${machineNote()}.`,
      '',
    ];
    if (compared) {
      const ratio = (a: number, b: number) => (b / a).toFixed(3);
      lines.push(
        'GetCertList by name and ID number over 100,000 results, through the app (the lookup budget counted, as for every visitor), each build the cheapest of its turns:',
        '',
        '| build | CPU µs / lookup | wall µs / lookup |',
        '|---|---:|---:|',
        `| ${compared.label}, numbers in the clear | ${compared.base.cpuUs.toFixed(0)} | ${compared.base.wallUs.toFixed(0)} |`,
        `| this checkout, numbers sealed | ${compared.head.cpuUs.toFixed(0)} | ${compared.head.wallUs.toFixed(0)} |`,
        `| ratio | ${ratio(compared.base.cpuUs, compared.head.cpuUs)} | ${ratio(compared.base.wallUs, compared.head.wallUs)} |`,
        '',
      );
    }
    lines.push(
      `What sealing adds to a lookup, measured alone: the keyed hash ${crypto.indexUs.toFixed(1)} µs, opening the number found ${crypto.openUs.toFixed(1)} µs.`,
      '',
    );
    lines.push(
      `Re-sealing ${ROWS.toLocaleString('en-US')} numbers under a new key (\`id-numbers reseal\`, batches of ${RESEAL_BATCH.toLocaleString('en-US')}, each a transaction):`,
      '',
      '| engine | fill s | re-seal s |',
      '|---|---:|---:|',
      ...resealed.map((r) => `| ${r.engine} | ${r.fillS.toFixed(1)} | ${r.resealS.toFixed(1)} |`),
      '',
    );
    const section = lines.join('\n');
    console.log(section);
    writeResultsSection(HEADING, section);
  } finally {
    removeWorktrees();
  }
}
