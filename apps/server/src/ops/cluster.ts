import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * The primary's side of running the server in several processes (WEB_CONCURRENCY, main.ts):
 * forks the workers, which share the port through node:cluster, replaces one that dies, and
 * stops them all. Exactly one worker at a time runs the background jobs (upload sweep, log retention, mail
 * outbox): two would do each round twice for nothing.
 */

/** Set by the primary in a worker's environment: `1` for the worker that runs the background jobs. */
export const JOBS_WORKER_ENV = 'WORKER_RUNS_JOBS';

/**
 * Set by the primary in the environment of the first worker: it prepares the database (waits
 * for PostgreSQL, migrates, seeds, shows the first administrator), says so, and serves.
 */
export const PREPARES_ENV = 'WORKER_PREPARES';

/**
 * Set by the primary in the environment of the other first workers: they load the server while
 * the database is being prepared, and build their apps on it when the primary passes on the
 * preparing worker's word (DATABASE_PREPARED). Workers forked later (replacements) find it prepared.
 */
export const AWAITS_DATABASE_ENV = 'WORKER_AWAITS_DATABASE';

const DATABASE_PREPARED = { type: 'database-prepared' } as const;

const isDatabasePrepared = (message: unknown) => (message as { type?: unknown } | null)?.type === DATABASE_PREPARED.type;

/**
 * In a waiting worker: resolves when the primary says the database is prepared. Call it
 * before anything slow, so the message cannot arrive before anyone listens for it.
 */
export function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (!isDatabasePrepared(message)) return;
      process.off('message', listen);
      resolve();
    };
    process.on('message', listen);
  });
}

/** In the preparing worker, once the database is migrated and seeded: the primary lets the others build. */
export function sayDatabasePrepared(): void {
  process.send?.(DATABASE_PREPARED);
}

/** The preparing worker ended before the database was prepared; `saidWhy`: it wrote the reason itself (exit code 1, main.ts failedToStart). */
export class PreparationFailed extends Error {
  constructor(
    readonly saidWhy: boolean,
    ended: string,
  ) {
    super(`准备数据库的工作进程未能完成（${ended}）`);
  }
}

/** A worker that lived this long was healthy: the next one that dies is replaced at once again. */
const STABLE_MS = 10_000;
/** The wait before replacing a worker after the first quick death, doubled at each further one… */
const FIRST_RETRY_MS = 1000;
/** …up to this, so a worker that cannot start (a broken upgrade, a full disk) does not spin. */
const MAX_RETRY_MS = 30_000;

export interface Workers {
  /** Ends each worker by SIGTERM (it drains, as one process does) and answers whether all ended cleanly. */
  stop(): Promise<boolean>;
  /** The last resort when stop() overran its limit. */
  kill(): void;
}

interface Role {
  runsJobs: boolean;
  startedAt: number;
}

/**
 * Forks `count` workers at once and answers once every one listens. The first prepares the
 * database and then serves (it has loaded the server already, so the site answers as soon as a
 * single process would); the others load the server meanwhile and build their apps when it says
 * the database is prepared. A worker that ends before it listens fails the start: the others
 * are stopped and the promise rejects (the worker has said why on stderr), with
 * PreparationFailed when the database was not prepared. Once started, a worker that ends is
 * replaced, after a back-off when workers keep dying young. The primary loads none of the app.
 */
export function startWorkers(count: number, log: Logger): Promise<Workers> {
  const roles = new Map<Worker, Role>();
  let stopping = false;
  let quickDeaths = 0;
  const replacing = new Set<NodeJS.Timeout>();

  const fork = (runsJobs: boolean, start: { prepares?: boolean; awaitsDatabase?: boolean } = {}) => {
    const worker = cluster.fork({
      [JOBS_WORKER_ENV]: runsJobs ? '1' : '0',
      [PREPARES_ENV]: start.prepares ? '1' : '0',
      [AWAITS_DATABASE_ENV]: start.awaitsDatabase ? '1' : '0',
    });
    roles.set(worker, { runsJobs, startedAt: Date.now() });
    return worker;
  };

  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    const role = roles.get(worker)!;
    roles.delete(worker);
    if (Date.now() - role.startedAt >= STABLE_MS) quickDeaths = 0;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** quickDeaths, MAX_RETRY_MS);
    quickDeaths += 1;
    log.error(`worker ${worker.id} (pid ${worker.process.pid}) ended by ${signal ?? `exit code ${code}`}; a new one starts in ${delay / 1000} s`);
    const timer = setTimeout(() => {
      replacing.delete(timer);
      if (!stopping) fork(role.runsJobs);
    }, delay);
    replacing.add(timer);
  };

  const stop = async (): Promise<boolean> => {
    stopping = true;
    for (const timer of replacing) clearTimeout(timer);
    replacing.clear();
    const ended = [...roles.keys()].map(
      (worker) =>
        new Promise<boolean>((resolve) => {
          worker.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGTERM' || signal === 'SIGINT'));
          // A worker still starting may end by the signal itself: it had nothing to drain.
          worker.process.kill('SIGTERM');
        }),
    );
    return (await Promise.all(ended)).every(Boolean);
  };

  const workers: Workers = {
    stop,
    kill() {
      for (const worker of roles.keys()) worker.process.kill('SIGKILL');
    },
  };

  return new Promise((resolve, reject) => {
    let listening = 0;
    let prepared = false;
    const started = new Set<Worker>();
    cluster.on('listening', (worker) => {
      if (started.has(worker)) return;
      started.add(worker);
      if (++listening === count) resolve(workers);
    });
    const [preparing, ...waiting] = [fork(true, { prepares: true }), ...Array.from({ length: count - 1 }, () => fork(false, { awaitsDatabase: true }))];
    preparing!.on('message', (message: unknown) => {
      if (prepared || !isDatabasePrepared(message)) return;
      prepared = true;
      for (const worker of waiting) if (worker.isConnected()) worker.send(DATABASE_PREPARED, undefined, () => undefined);
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping || !roles.has(worker)) return;
      if (listening < count && !started.has(worker)) {
        roles.delete(worker);
        const ended = signal ?? `exit code ${code}`;
        const failed = worker === preparing && !prepared ? new PreparationFailed(code === 1, ended) : new Error(`工作进程 ${worker.id} 未能启动（${ended}）`);
        void stop().then(() => reject(failed));
        return;
      }
      replace(worker, code, signal);
    });
  });
}
