import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Database } from './connection.js';

/** A read that keeps SQLite busy for a good fraction of a second: counting to `n` row by row. */
const slowCount = 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ?) SELECT count(*) AS n FROM c';

describe('SQLite reads off the event loop', () => {
  let dataDir: string;
  let database: Database;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-off-loop-'));
    database = await connect({ dataDir });
    await sql`CREATE TABLE notes (id integer primary key, text text not null)`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the event loop turning while a long read runs', async () => {
    const reads = database.offLoopReads!;
    // Started once, so the read below does not include the worker's start.
    await reads.all('SELECT 1', []);
    let turns = 0;
    let reading = true;
    const turn = () => {
      turns += 1;
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);
    const [row] = await reads.all<{ n: number }>(slowCount, [3_000_000]);
    reading = false;
    expect(row).toEqual({ n: 3_000_000 });
    // On the loop, the read would have run to its end before the first turn.
    expect(turns).toBeGreaterThan(10);
  });

  it('reads what the server connection has committed', async () => {
    const reads = database.offLoopReads!;
    expect(await reads.all('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 0 }]);
    await database.db
      .insertInto('notes' as never)
      .values({ id: 1, text: '保险' } as never)
      .execute();
    expect(await reads.all('SELECT id, text FROM notes WHERE text = ?', ['保险'])).toEqual([{ id: 1, text: '保险' }]);
  });

  it('answers reads asked together each with its own rows, and an error to the read that caused it', async () => {
    const reads = database.offLoopReads!;
    const answers = await Promise.allSettled([
      reads.all('SELECT ? AS v', [1]),
      reads.all('SELECT * FROM missing_table', []),
      reads.all('SELECT ? AS v', ['二']),
    ]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: [{ v: 1 }] });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { message: 'no such table: missing_table', code: 'SQLITE_ERROR' } });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: [{ v: '二' }] });
  });

  it('never writes', async () => {
    const reads = database.offLoopReads!;
    await expect(reads.all("INSERT INTO notes (text) VALUES ('x') RETURNING id", [])).rejects.toThrow(/readonly/);
    expect(await reads.all('SELECT count(*) AS n FROM notes', [])).toEqual([{ n: 0 }]);
  });

  it('fails the reads still waiting when the database closes, and every read after', async () => {
    const reads = database.offLoopReads!;
    const waiting = expect(reads.all(slowCount, [50_000_000])).rejects.toThrow('database closed');
    await database.close();
    await waiting;
    await expect(reads.all('SELECT 1', [])).rejects.toThrow('database closed');
  });
});
