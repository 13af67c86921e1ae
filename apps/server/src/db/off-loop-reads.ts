import { Worker } from 'node:worker_threads';

/**
 * SQLite reads that can hold a thread for tens of milliseconds, run on a worker thread instead
 * of the event loop.
 *
 * better-sqlite3 answers synchronously, so every statement runs on the event loop and every
 * other request waits for it. Most take microseconds; a keyword search's FTS5 statements do
 * not: counting the thousands of matches of a long phrase (each checked for the phrase's pairs
 * in order) held the loop 20-48 ms at 100,000 articles. Here such reads go to one worker thread
 * with a connection of its own (sqlite-read-worker.mjs), which WAL lets read beside the
 * server's connection and see what it has committed; the event loop goes on answering, and
 * on a machine of two cores or more the reads run on another core.
 *
 * One worker per database handle, started at the first read (tools and tests that never
 * search start none), its reads answered in the order asked. A message each way costs tens of
 * microseconds, so only reads that take milliseconds are worth sending. The thread keeps the
 * process alive only while a read is waiting; a worker that dies fails the reads it held and the
 * next read starts another.
 */
export interface OffLoopReads {
  /** The rows of a read (SQLite's `?` placeholders, one value each). */
  all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

interface Waiting {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

type Answer = { id: number; rows: unknown[]; error?: undefined } | { id: number; error: { message: string; code?: string } };

export function offLoopReads(file: string): OffLoopReads {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  const start = (): Worker => {
    const started = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), { workerData: { file } });
    started.on('message', (answer: Answer) => {
      const w = waiting.get(answer.id);
      if (!w) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      if (answer.error) w.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else w.resolve(answer.rows);
    });
    const stopped = (error: Error) => {
      if (worker !== started) return;
      worker = undefined;
      failAll(error);
    };
    started.on('error', stopped);
    started.on('exit', (code) => stopped(new Error(`SQLite read worker stopped (exit code ${code})`)));
    return started;
  };

  return {
    all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
      if (closed) return Promise.reject(new Error('database closed'));
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<Row[]>((resolve, reject) => waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject }));
      worker.ref();
      worker.postMessage({ id, sql, parameters });
      return answer;
    },
    async close() {
      closed = true;
      const running = worker;
      worker = undefined;
      failAll(new Error('database closed'));
      await running?.terminate();
    },
  };
}
