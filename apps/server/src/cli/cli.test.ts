import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestApp } from '../../test/harness.js';
import { ADMIN_PASSWORD, adminCall, attemptLogin, createAdminTestApp } from '../../test/admin.js';
import { onePasswordPerRule, passwordsNowAllowed } from '../../test/passwords.js';
import { cliInProcess } from '../../test/cli.js';
import { runCli, startServer } from '../../test/processes.js';
import { registerBigramFunction } from '../db/bigrams.js';

/**
 * The CLI against the test app's own data: most commands in this process (test/cli.ts, the
 * same run as main.ts's with the same environment, input and output), and some as the child
 * process an operator starts (`runCli`), for its exit codes, output streams, standard input and
 * configuration from the environment.
 */
const cliEnv = (t: TestApp): Record<string, string> => ({
  DATA_DIR: t.config.dataDir,
  ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema! } : {}),
});
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;
const PROCESS_TEST_MS = 150_000;

describe('cli help', () => {
  it(
    'lists the commands and gives every command its help in Chinese and English',
    async () => {
      const overview = await runCli(['--help'], {});
      expect(overview.code).toBe(0);
      for (const command of ['backup', 'restore', 'admin reset-password', 'token create', 'token list', 'token revoke']) {
        expect(overview.stdout).toContain(command);
        const help = await cliInProcess([...command.split(' '), '--help'], {});
        expect(help.code, command).toBe(0);
        expect(help.stdout).toMatch(/^用法 \/ usage: npm run cli -- /);
        expect(help.stdout).toMatch(/[\u4e00-\u9fff]{4}/);
        expect(help.stdout).toMatch(/\b(the|an?)\b [a-z]+/);
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    'answers an unknown command or a missing argument with exit code 2 on stderr',
    async () => {
      const unknown = await runCli(['frobnicate'], {});
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^未知命令 \/ unknown command: frobnicate/);
      const missing = await cliInProcess(['token', 'create', '--role', '内容编辑'], { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-')) });
      expect(missing.code).toBe(2);
      expect(missing.stdout).toBe('');
      expect(missing.stderr.trim()).toBe('错误 / error: 缺少 --name / missing --name（用法见 --help / see --help）');
    },
    PROCESS_TEST_MS,
  );
});

describe.each(engines)('cli commands on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
  });
  afterAll(() => t.close());

  it(
    'token create prints the token alone on the last line; it drives back-office calls until revoked',
    async () => {
      const created = await runCli(['token', 'create', '--name', 'exam-sync', '--role', '内容编辑', '--remark', '考试系统'], cliEnv(t));
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toBe('');
      const token = lastLine(created.stdout);
      expect(token).toMatch(/^apt_[A-Za-z0-9_-]{43}$/);
      expect((await adminCall(t, token, 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(200);
      expect((await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(403);

      const listed = await cliInProcess(['token', 'list'], cliEnv(t));
      expect(listed.code).toBe(0);
      const row = listed.stdout.split('\n').find((l) => l.startsWith('exam-sync\t'))!;
      expect(row.split('\t').slice(0, 3)).toEqual(['exam-sync', '内容编辑', '命令行']);
      expect(listed.stdout).not.toContain(token);

      const taken = await cliInProcess(['token', 'create', '--name', 'exam-sync', '--role', '内容编辑'], cliEnv(t));
      expect(taken).toMatchObject({ code: 1, stdout: '' });
      expect(taken.stderr.trim()).toBe('错误 / error: 令牌名称已存在');
      const noRole = await cliInProcess(['token', 'create', '--name', 'other', '--role', '不存在的角色'], cliEnv(t));
      expect(noRole.code).toBe(1);
      expect(noRole.stderr.trim()).toBe('错误 / error: 角色不存在: 不存在的角色');

      const revoked = await cliInProcess(['token', 'revoke', 'exam-sync'], cliEnv(t));
      expect(revoked.code, revoked.stderr).toBe(0);
      expect((await adminCall(t, token, 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(402);
      const unknown = await cliInProcess(['token', 'revoke', 'no-such-token'], cliEnv(t));
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('错误 / error: 令牌不存在');
    },
    PROCESS_TEST_MS,
  );

  it(
    'runs with NODE_ENV=production without PUBLIC_BASE_URL, which only the server (it builds links) needs',
    async () => {
      const production = { ...cliEnv(t), NODE_ENV: 'production', PUBLIC_BASE_URL: '' };
      const created = await cliInProcess(['token', 'create', '--name', 'prod-sync', '--role', '内容编辑'], production);
      expect(created.code, created.stderr).toBe(0);
      expect((await adminCall(t, lastLine(created.stdout), 'GET', '/api/XfSysBussiness/GetSensitiveWordList')).Code).toBe(200);
      expect((await cliInProcess(['token', 'list'], production)).code).toBe(0);
      expect((await cliInProcess(['token', 'revoke', 'prod-sync'], production)).code).toBe(0);
      // Given, it is still checked.
      const malformed = await cliInProcess(['token', 'list'], { ...production, PUBLIC_BASE_URL: 'www.example.org.cn' });
      expect(malformed.code).toBe(1);
      expect(malformed.stderr).toMatch(/^错误 \/ error: PUBLIC_BASE_URL must be http:\/\/… or https:\/\/…/);
    },
    PROCESS_TEST_MS,
  );

  it(
    'admin reset-password lifts the lockout and prints a password that must be changed at sign-in',
    async () => {
      for (let i = 0; i < 5; i++) await attemptLogin(t, 'admin', 'wrong-password-1');
      expect((await attemptLogin(t, 'admin', ADMIN_PASSWORD)).Message).toMatch(/账号已锁定/);

      const reset = await cliInProcess(['admin', 'reset-password', 'ADMIN'], cliEnv(t));
      expect(reset.code, reset.stderr).toBe(0);
      const password = lastLine(reset.stdout);
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      const login = await attemptLogin(t, 'admin', password);
      expect(login.Code, login.Message).toBe(200);
      expect((await adminCall<{ MustChangePwd: boolean }>(t, login.Data, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.MustChangePwd).toBe(true);

      // A password a script chose, read from stdin: no forced change; the earlier session has ended.
      const chosen = await runCli(['admin', 'reset-password', 'admin', '--stdin'], cliEnv(t), `${ADMIN_PASSWORD}\n`);
      expect(chosen.code, chosen.stderr).toBe(0);
      expect(chosen.stdout).not.toContain(ADMIN_PASSWORD);
      expect((await adminCall(t, login.Data, 'GET', '/api/XfSystemApi/GetLoginUser')).Code).toBe(402);
      const again = await attemptLogin(t, 'admin', ADMIN_PASSWORD);
      expect((await adminCall<{ MustChangePwd: boolean }>(t, again.Data, 'GET', '/api/XfSystemApi/GetLoginUser')).Data.MustChangePwd).toBe(false);

      for (const { password: refused, message } of onePasswordPerRule('admin')) {
        const weak = await cliInProcess(['admin', 'reset-password', 'admin', '--stdin'], cliEnv(t), `${refused}\n`);
        expect(weak.code, refused).toBe(1);
        expect(weak.stderr.trim()).toBe(`错误 / error: ${message}`);
      }
      // Only the line end is taken off what stdin gives: spaces are the password's.
      const [spaced] = passwordsNowAllowed;
      expect((await cliInProcess(['admin', 'reset-password', 'admin', '--stdin'], cliEnv(t), `${spaced}\n`)).code).toBe(0);
      expect((await attemptLogin(t, 'admin', spaced)).Code).toBe(200);
      const nobody = await cliInProcess(['admin', 'reset-password', 'nobody'], cliEnv(t));
      expect(nobody.code).toBe(1);
      expect(nobody.stderr.trim()).toBe('错误 / error: 管理员不存在: nobody');
    },
    PROCESS_TEST_MS,
  );
});

describe.each(engines)('backup and restore of the database on %s', (engine) => {
  it(
    'brings back the tokens of the backup and forgets later ones',
    async () => {
      const t = await createAdminTestApp(engine);
      const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-')), 'db.tar.gz');
      try {
        expect((await cliInProcess(['token', 'create', '--name', 'kept', '--role', '内容编辑'], cliEnv(t))).code).toBe(0);
        const backup = await cliInProcess(['backup', archive], cliEnv(t));
        expect(backup.code, backup.stderr).toBe(0);
        expect((await cliInProcess(['token', 'create', '--name', 'lost', '--role', '内容编辑'], cliEnv(t))).code).toBe(0);
        const restored = await cliInProcess(['restore', archive], cliEnv(t));
        expect(restored.code, restored.stderr).toBe(0);
        const names = (await cliInProcess(['token', 'list'], cliEnv(t))).stdout
          .split('\n')
          .slice(1)
          .map((l) => l.split('\t')[0])
          .filter(Boolean);
        expect(names).toEqual(['kept']);
      } finally {
        await t.close();
        fs.rmSync(path.dirname(archive), { recursive: true, force: true });
      }
    },
    PROCESS_TEST_MS,
  );
});

describe('backup and restore of a running site', () => {
  it('backs up while the server runs, refuses to restore under it, and brings the old data back', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
    const dataDir = path.join(work, 'data');
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    const archive = path.join(work, 'site.tar.gz');
    let server = await startServer(env);
    try {
      // A connection of our own edits articles as the site would: the search index's triggers call bigram_tokens().
      const db = () => {
        const file = new SQLite(path.join(dataDir, 'portal.db'));
        registerBigramFunction(file);
        return file;
      };
      const article = db().prepare('select id, title from news order by id limit 1').get() as { id: number; title: string };
      fs.mkdirSync(path.join(dataDir, 'uploads/2024'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads/2024/kept.txt'), 'uploaded before the backup');

      const backup = await cliInProcess(['backup', archive], env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(archive);

      // Changes after the backup: an article renamed, an upload gone, a token created.
      db().prepare('update news set title = ? where id = ?').run('备份之后改的标题', article.id);
      fs.rmSync(path.join(dataDir, 'uploads/2024/kept.txt'));
      expect((await cliInProcess(['token', 'create', '--name', 'after-backup', '--role', '超级管理员'], env)).code).toBe(0);

      const refused = await cliInProcess(['restore', archive], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`服务器正在运行（进程 ${server.pid}）`);

      expect((await server.stop()).code).toBe(0);
      const restored = await cliInProcess(['restore', archive], env);
      expect(restored.code, restored.stderr).toBe(0);

      server = await startServer(env);
      const detail = (await (await fetch(`${server.url}/api/XfWebApi/GetNewsDetail?newsid=${article.id}`)).json()) as { Data: { Title: string } };
      expect(detail.Data.Title).toBe(article.title);
      const upload = await fetch(`${server.url}/uploads/2024/kept.txt`);
      expect(upload.status).toBe(200);
      expect(await upload.text()).toBe('uploaded before the backup');
      const tokens = await cliInProcess(['token', 'list'], env);
      expect(tokens.stdout).not.toContain('after-backup');
    } finally {
      await server.stop();
      fs.rmSync(work, { recursive: true, force: true });
    }
    // Two server starts, each a cold process: minutes on a loaded machine.
  }, 420_000);

  it(
    'refuses what is not a backup, with exit code 1',
    async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
      fs.writeFileSync(path.join(work, 'junk.tar.gz'), 'not an archive');
      const run = await runCli(['restore', path.join(work, 'junk.tar.gz')], { DATA_DIR: path.join(work, 'data') });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^错误 \/ error: 不是有效的备份文件/);
      fs.rmSync(work, { recursive: true, force: true });
    },
    PROCESS_TEST_MS,
  );
});
