import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import archiver from 'archiver';
import SQLite from 'better-sqlite3';
import { formatCst } from '@portal/shared';
import { ARCHIVE_FORMAT, dataEntries, MANIFEST, PG_DUMP_FILE, pgTarget, runTool, SQLITE_FILE, type Manifest } from './archive.js';
import { CliError, positionals, type Command } from './command.js';

export const backup: Command = {
  words: ['backup'],
  summary: '备份数据库与上传文件 / back up the database and uploads',
  help: `用法 / usage: npm run cli -- backup <file.tar.gz>

在网站运行时生成一致的备份，打包为一个文件：数据库（SQLite 使用在线备份接口；
PostgreSQL 使用 pg_dump，需安装 PostgreSQL 客户端）以及数据目录中的上传文件、
会员附件和密钥。可用 restore 命令恢复。

Takes a consistent backup while the site runs, into one archive: the database (SQLite's
online backup API; on PostgreSQL pg_dump, which must be installed) and the data folder's
uploads, private attachments and keys. Restore it with the restore command.

例 / example:
  npm run cli -- backup /var/backups/portal/portal-$(date +%F).tar.gz`,
  async run(args, { config, out }) {
    const [target] = positionals(args, 'file');
    const archive = path.resolve(target!);
    if (!fs.existsSync(path.dirname(archive))) throw new CliError(`目录不存在 / no such folder: ${path.dirname(archive)}`);
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    try {
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        engine: config.databaseUrl ? 'postgres' : 'sqlite',
        createdAt: formatCst(Date.now()),
        migrations: [],
      };
      if (config.databaseUrl) {
        await runTool('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          '--file',
          path.join(staging, PG_DUMP_FILE),
          ...pgTarget(config.databaseUrl, config.databaseSchema),
        ]);
      } else {
        manifest.migrations = await copySqlite(config.dataDir, path.join(staging, SQLITE_FILE));
      }
      fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      // Written beside the target and renamed when complete: a failed backup never leaves a
      // partial archive under its name. A dot-name, so a backup written into the data folder
      // does not archive itself.
      const partial = path.join(path.dirname(archive), `.${path.basename(archive)}.partial`);
      await writeArchive(partial, staging, config.dataDir);
      fs.renameSync(partial, archive);
      out(`已备份到 / backed up to ${archive} (${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB)`);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  },
};

/**
 * A consistent copy of the live SQLite database through SQLite's online backup API: the
 * server keeps reading and writing meanwhile (WAL), and the copy is the state at one moment.
 */
async function copySqlite(dataDir: string, to: string): Promise<string[]> {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) throw new CliError(`数据库文件不存在 / no database at ${file}`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(to);
  } finally {
    source.close();
  }
  const copy = new SQLite(to);
  try {
    // One self-contained file: the copy leaves WAL mode (the server turns it back on at start).
    copy.pragma('journal_mode = DELETE');
    return (copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
  } finally {
    copy.close();
  }
}

async function writeArchive(file: string, staging: string, dataDir: string): Promise<void> {
  const output = fs.createWriteStream(file);
  const tar = archiver('tar', { gzip: true });
  const done = new Promise<void>((resolve, reject) => {
    output.on('close', resolve);
    tar.on('error', reject);
    output.on('error', reject);
  });
  tar.pipe(output);
  for (const name of fs.readdirSync(staging)) tar.file(path.join(staging, name), { name });
  for (const name of dataEntries(dataDir)) {
    const full = path.join(dataDir, name);
    if (fs.statSync(full).isDirectory()) tar.directory(full, name);
    else tar.file(full, { name });
  }
  await tar.finalize();
  await done;
}
