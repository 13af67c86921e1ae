// A worker thread running SQLite reads for db/off-loop-reads.ts, on a connection of its own to
// the same database file (WAL: it reads what the server's connection has committed, alongside
// it). Plain JavaScript: a worker loads its file without the TypeScript loader the server runs
// under (tsx, vitest), and this one needs none of the server's modules.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const file = new SQLite(workerData.file, { fileMustExist: true });
// Reads only: a statement that would write fails here instead of racing the server's writes.
file.pragma('query_only = ON');
file.pragma('busy_timeout = 5000');

/** Prepared statements per SQL text (a search's few shapes), the least recently used dropped past the limit. */
const statements = new Map();
const STATEMENTS_KEPT = 100;

function statement(sql) {
  const kept = statements.get(sql);
  if (kept) {
    statements.delete(sql);
    statements.set(sql, kept);
    return kept;
  }
  const made = file.prepare(sql);
  statements.set(sql, made);
  if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value);
  return made;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, rows: statement(sql).all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
