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

/** Set by the primary in the environment of the worker that prepares the database before the others start. */
export const PREPARES_ENV = 'WORKER_PREPARES';

/**
 * Set by the primary in the environment of the first serving workers: they load the server while
 * the database is being prepared, and build their apps on it when the primary says it is ready
 * (DATABASE_PREPARED). Workers forked later (replacements) find it prepared.
 */
export const AWAITS_DATABASE_ENV = 'WORKER_AWAITS_DATABASE';

const DATABASE_PREPARED = { type: 'database-prepared' } as const;

/**
 * In a first serving worker: resolves when the primary says the database is prepared. Call it
 * before anything slow, so the message cannot arrive before anyone listens for it.
 */
export function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== DATABASE_PREPARED.type) return;
      process.off('message', listen);
      resolve();
    };
    process.on('message', listen);
  });
}

/** The preparing worker ended without doing its work; `saidWhy`: it wrote the reason itself (exit code 1, main.ts failedToStart). */
export class PreparationFailed extends Error {
  constructor(
    readonly saidWhy: boolean,
    ended: string,
  ) {
    super(`准备数据库的工作进程未能完成（${ended}）`);
  }
}

/**
 * Has one worker do what must happen once before the others start (migrations, seeds, the first
 * administrator's notice) and answers when it has ended well, else rejects with
 * PreparationFailed. A worker, not the primary, so the primary never loads the app.
 */
export function prepareInWorker(): Promise<void> {
  const worker = cluster.fork({ [PREPARES_ENV]: '1' });
  return new Promise((resolve, reject) => {
    worker.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new PreparationFailed(code === 1, signal ?? `exit code ${code}`));
    });
  });
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
 * Forks `count` workers at once and answers once every one listens. They load the server
 * meanwhile, and build their apps when `prepared` resolves (the database migrated and seeded);
 * when it rejects, they are stopped and so does the start. A worker that ends before it listens
 * fails the start: the others are stopped and the promise rejects (the worker has said why on
 * stderr). Once started, a worker that ends is replaced, after a back-off when workers keep
 * dying young.
 */
export function startWorkers(count: number, log: Logger, prepared: Promise<void>): Promise<Workers> {
  const roles = new Map<Worker, Role>();
  let stopping = false;
  let quickDeaths = 0;
  const replacing = new Set<NodeJS.Timeout>();

  const fork = (runsJobs: boolean, awaitsDatabase = false) => {
    const worker = cluster.fork({ [JOBS_WORKER_ENV]: runsJobs ? '1' : '0', [AWAITS_DATABASE_ENV]: awaitsDatabase ? '1' : '0' });
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
    const started = new Set<Worker>();
    cluster.on('listening', (worker) => {
      if (started.has(worker)) return;
      started.add(worker);
      if (++listening === count) resolve(workers);
    });
    cluster.on('exit', (worker, code, signal) => {
      // The preparing worker is prepareInWorker's to watch.
      if (stopping || !roles.has(worker)) return;
      if (listening < count && !started.has(worker)) {
        roles.delete(worker);
        const failed = new Error(`工作进程 ${worker.id} 未能启动（${signal ?? `exit code ${code}`}）`);
        void stop().then(() => reject(failed));
        return;
      }
      replace(worker, code, signal);
    });
    const first = Array.from({ length: count }, (_, i) => fork(i === 0, true));
    prepared.then(
      () => {
        for (const worker of first) if (worker.isConnected()) worker.send(DATABASE_PREPARED, undefined, () => undefined);
      },
      (error: unknown) => void stop().then(() => reject(error)),
    );
  });
}
