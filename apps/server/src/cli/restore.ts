import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { runningServer } from '../ops/data-lock.js';
import { ARCHIVE_FORMAT, MANIFEST, PG_DUMP_FILE, pgTarget, runTool, SQLITE_FILE, type Manifest } from './archive.js';
import { CliError, positionals, type Command } from './command.js';

export const restore: Command = {
  words: ['restore'],
  summary: '从备份恢复 / restore from a backup',
  help: `用法 / usage: npm run cli -- restore <file.tar.gz>

用 backup 生成的备份替换当前数据库与数据目录中的上传文件、会员附件和密钥。
网站必须先停止：有服务器正在使用该数据目录时拒绝执行。恢复后启动网站，
较旧备份缺少的数据库迁移会在启动时自动执行。

Replaces the database and the data folder's uploads, private attachments and keys with a
backup made by the backup command. The site must be stopped first: restore refuses while a
server runs on the data folder. Start the site afterwards; migrations newer than the backup
run at start.

例 / example:
  sudo systemctl stop portal && npm run cli -- restore portal-2025-01-31.tar.gz && sudo systemctl start portal`,
  async run(args, { config, out }) {
    const [source] = positionals(args, 'file');
    const archive = path.resolve(source!);
    if (!fs.existsSync(archive)) throw new CliError(`备份文件不存在 / no such file: ${archive}`);
    const running = runningServer(config.dataDir);
    if (running)
      throw new CliError(
        `服务器正在运行（进程 ${running}）并使用数据目录 ${config.dataDir}，请先停止 / a server (pid ${running}) is running on this data folder; stop it first`,
      );

    // Unpacked beside the data folder (the same file system), then moved into place.
    const parent = path.dirname(config.dataDir);
    fs.mkdirSync(parent, { recursive: true });
    const staging = fs.mkdtempSync(path.join(parent, '.portal-restore-'));
    try {
      try {
        await tar.x({ file: archive, cwd: staging, strict: true });
      } catch {
        throw new CliError(`不是有效的备份文件 / not a backup archive: ${archive}`);
      }
      const manifest = readManifest(staging);
      const engine = config.databaseUrl ? 'postgres' : 'sqlite';
      if (manifest.engine !== engine)
        throw new CliError(`备份来自 ${manifest.engine}，当前配置为 ${engine} / the backup is of ${manifest.engine}, this configuration uses ${engine}`);

      fs.mkdirSync(config.dataDir, { recursive: true });
      if (config.databaseUrl) {
        await runTool('pg_restore', [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          ...pgTarget(config.databaseUrl, config.databaseSchema),
          path.join(staging, PG_DUMP_FILE),
        ]);
      } else {
        for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(config.dataDir, `${SQLITE_FILE}${suffix}`), { force: true });
      }
      for (const name of fs.readdirSync(staging)) {
        if (name === MANIFEST || name === PG_DUMP_FILE) continue;
        const target = path.join(config.dataDir, name);
        fs.rmSync(target, { recursive: true, force: true });
        fs.renameSync(path.join(staging, name), target);
      }
      out(`已从 ${archive}（${manifest.createdAt}）恢复到 ${config.dataDir} / restored`);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  },
};

function readManifest(staging: string): Manifest {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT) throw new Error('format');
    return manifest;
  } catch {
    throw new CliError('备份文件缺少有效的 manifest.json / the archive has no valid manifest.json');
  }
}
