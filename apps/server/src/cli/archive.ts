import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { CliError } from './command.js';

/**
 * The backup archive (a .tar.gz): `manifest.json`, the database (`portal.db`, a consistent
 * SQLite copy, or `database.dump`, pg_dump's custom format) and everything else in the data
 * folder as it is (uploads/, private/, keys). Restore puts each back in place.
 */
export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'portal.db';
export const PG_DUMP_FILE = 'database.dump';
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: number;
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  /** Migrations applied in the copied database, for reading an archive without opening it. */
  migrations: string[];
}

/**
 * Data-folder entries that are not copied as they are: the live SQLite files (the database
 * goes in as a consistent copy instead) and the running server's pid mark.
 */
const LIVE_FILES = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`, 'server.pid']);

/**
 * The data folder's entries to archive, by name: all but the live files, dot-names (work
 * folders) and backup archives kept there (a backup never nests the ones before it).
 */
export function dataEntries(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).filter((name) => !LIVE_FILES.has(name) && !name.startsWith('.') && !name.endsWith('.tar.gz'));
}

/** Runs a PostgreSQL client tool, its error output turned into the CLI's one-line error. */
export async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new CliError(`未找到 ${tool}：请安装 PostgreSQL 客户端（Debian: apt-get install postgresql-client）/ ${tool} not found`)
          : error,
      ),
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new CliError(`${tool} 失败 / failed: ${stderr.trim().split('\n').at(-1) ?? code}`);
}

/** pg_dump/pg_restore arguments naming the configured database and schema. */
export function pgTarget(databaseUrl: string, schema: string | undefined): string[] {
  return ['--dbname', databaseUrl, ...(schema ? ['--schema', schema] : [])];
}
