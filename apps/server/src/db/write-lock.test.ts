import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './connection.js';
import { migrate } from './migrate.js';

const run = promisify(execFile);
const WRITER = path.resolve(import.meta.dirname, '../../test/sqlite-writer.ts');
const PROCESSES = 3;
const EACH = 80;

/**
 * Several worker processes on one SQLite file (WEB_CONCURRENCY): transactions that read and
 * then write, at once in every process. With deferred transactions some failed with
 * `database is locked`; each must now wait its turn, and every one succeed.
 */
describe('SQLite write transactions in several processes', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-write-lock-'));
    const database = await connect({ dataDir });
    await migrate(database);
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('loses none of the writes of three processes writing at once', async () => {
    const results = await Promise.all(
      Array.from({ length: PROCESSES }, (_, p) =>
        run(process.execPath, ['--import', 'tsx', WRITER, dataDir, `p${p}`, String(EACH)], { cwd: path.resolve(import.meta.dirname, '../../..') }),
      ),
    );
    const answers = results.map((r) => JSON.parse(r.stdout) as { ok: number; failures: string[] });
    expect(answers.flatMap((a) => a.failures)).toEqual([]);
    expect(answers.map((a) => a.ok)).toEqual(Array.from({ length: PROCESSES }, () => EACH));
    const database = await connect({ dataDir });
    try {
      const { n } = await database.db
        .selectFrom('message_notes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(PROCESSES * EACH);
    } finally {
      await database.close();
    }
  });
});
