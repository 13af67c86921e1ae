import { apiTokenNamePattern, systemMessages } from '@portal/shared';
import { createApiToken, listApiTokens, revokeApiToken } from '../features/system/api-tokens/service.js';
import { writeAudit } from '../features/system/audit/service.js';
import { AppError } from '../http/envelope.js';
import { CLI_ACTOR } from './admin-reset-password.js';
import { CliError, positionals, requiredOption, type Command } from './command.js';
import { withDatabase } from './database.js';

/** A service refusal (name taken, role missing) as the CLI's one-line error. */
async function refusalsAsCliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

export const tokenCreate: Command = {
  words: ['token', 'create'],
  summary: '创建接口令牌 / create an API token',
  help: `用法 / usage: npm run cli -- token create --name <name> --role <role name> [--remark <text>]

创建绑定一个角色的接口令牌（供考试系统、脚本等调用后台接口，请求头 token）。
令牌只显示这一次，单独打印在标准输出的最后一行；数据库只保存其摘要。

Creates an API token bound to one role, for integrations calling back-office calls with
header \`token\`. The token is shown this once, alone on the last line of stdout; only its
hash is stored.

例 / example:
  TOKEN=$(npm run --silent cli -- token create --name exam-sync --role 内容编辑 | tail -n 1)`,
  async run(args, { config, out }) {
    positionals(args);
    const name = requiredOption(args, 'name');
    const roleName = requiredOption(args, 'role');
    if (!apiTokenNamePattern.test(name)) throw new CliError(systemMessages.tokenNameInvalid);
    const remark = typeof args.options.get('remark') === 'string' ? (args.options.get('remark') as string) : '';
    const created = await withDatabase(config, async (database) => {
      const role = await database.db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
      if (!role) throw new CliError(`${systemMessages.roleNotFound}: ${roleName}`);
      const now = Date.now();
      const token = await refusalsAsCliErrors(() => createApiToken(database, { name, roleId: role.id, remark, createdBy: CLI_ACTOR }, now));
      await writeAudit(
        database,
        { adminId: null, account: CLI_ACTOR, action: 'system:token:add', target: '接口令牌', targetId: token.id, ip: '', ok: true, detail: name },
        now,
      );
      return token;
    });
    out(`已创建接口令牌 ${created.name}（角色 ${roleName}），只显示这一次 / token created, shown only this once:`);
    out(created.token);
  },
};

export const tokenList: Command = {
  words: ['token', 'list'],
  summary: '列出接口令牌 / list API tokens',
  help: `用法 / usage: npm run cli -- token list

列出全部接口令牌（不含令牌本身）：名称、角色、创建者、创建时间、最近使用时间、吊销时间，以制表符分隔。

Lists every API token (never the secret): name, role, created by, created, last used,
revoked, separated by tabs.`,
  async run(args, { config, out }) {
    positionals(args);
    const { items } = await withDatabase(config, (database) => listApiTokens(database.db, { pageindex: 1, pagesize: 100_000 }));
    out(['name', 'role', 'created_by', 'created_at', 'last_used_at', 'revoked_at'].join('\t'));
    for (const t of items) out([t.name, t.roleName, t.createdBy, t.createdAt, t.lastUsedAt || '-', t.revokedAt || '-'].join('\t'));
  },
};

export const tokenRevoke: Command = {
  words: ['token', 'revoke'],
  summary: '吊销接口令牌 / revoke an API token',
  help: `用法 / usage: npm run cli -- token revoke <name>

吊销指定名称的接口令牌，立即失效；记录保留以便查阅操作日志。

Revokes the named API token; it stops working at once. Its record stays for the audit trail.`,
  async run(args, { config, out }) {
    const [name] = positionals(args, 'name');
    await withDatabase(config, async (database) => {
      const now = Date.now();
      await refusalsAsCliErrors(() => revokeApiToken(database, { name: name! }, now));
      await writeAudit(database, { adminId: null, account: CLI_ACTOR, action: 'system:token:delete', target: '接口令牌', ip: '', ok: true, detail: name }, now);
    });
    out(`已吊销接口令牌 ${name} / token revoked`);
  },
};
