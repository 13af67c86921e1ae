import pg from 'pg';
import { oneLine } from './one-line.js';

export interface WaitOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait after the first failure; it doubles after each further one, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs?: number;
  /** Where each retry is announced, one line each. */
  say: (line: string) => void;
}

/**
 * Waits for PostgreSQL to accept a connection before the server starts. A database that
 * starts after the application (a reboot, a failover) is usual, so it is retried with backoff;
 * each failure is one line, with no stack trace, and after the last attempt the error is
 * thrown as one line too. SQLite needs no wait: the file opens or the data folder is wrong.
 */
export async function waitForPostgres(url: string, options: WaitOptions): Promise<void> {
  const maxDelay = options.maxDelayMs ?? 15_000;
  for (let attempt = 1, delay = options.firstDelayMs; ; attempt++, delay = Math.min(delay * 2, maxDelay)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const reason = `数据库无法连接（${describeTarget(url)}）: ${oneLine(error)}`;
      if (attempt >= options.attempts) throw new Error(`${reason}；已尝试 ${attempt} 次，放弃启动`);
      options.say(`${reason}；${(delay / 1000).toFixed(1)} 秒后重试（第 ${attempt}/${options.attempts} 次）`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** host:port/database of a connection URL, never its password. */
function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
