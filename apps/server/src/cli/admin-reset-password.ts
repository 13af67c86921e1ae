import { setAdminPassword } from '../features/system/admin-users/service.js';
import { writeAudit } from '../features/system/audit/service.js';
import { generatePassword, newPasswordProblem } from '../features/system/auth/new-password.js';
import { hashPassword } from '../features/system/auth/passwords.js';
import { AppError } from '../http/envelope.js';
import { CliError, positionals, type Command } from './command.js';
import { withDatabase } from './database.js';

/** Who the audit log names for changes made from the command line. */
export const CLI_ACTOR = '命令行';

export const adminResetPassword: Command = {
  words: ['admin', 'reset-password'],
  summary: '重置管理员密码 / reset an administrator password',
  help: `用法 / usage: npm run cli -- admin reset-password <account> [--stdin]

为忘记密码的管理员设置新密码：结束其全部登录会话，解除登录锁定，并写入操作日志。
默认生成随机密码，单独打印在标准输出的最后一行，该管理员首次登录时须修改；
加 --stdin 则从标准输入读取新密码（须符合密码规则：12-128位，不含账号，不是常见密码）。

Sets a new password for an administrator who forgot theirs: ends all their sessions, lifts
any sign-in lockout and writes the audit log. By default a random password is generated and
printed alone on the last line of stdout; the next sign-in must replace it. With --stdin the
new password is read from standard input (12-128 characters, not holding the account name,
not a common password).

例 / example:
  npm run cli -- admin reset-password admin
  printf '%s' 'river lantern 47 maple' | npm run cli -- admin reset-password admin --stdin`,
  async run(args, { config, out, readStdin }) {
    const [account] = positionals(args, 'account');
    const fromStdin = args.options.has('stdin');
    const password = fromStdin ? (await readStdin()).replace(/\r?\n$/, '') : generatePassword(account!);
    const problem = newPasswordProblem(password, account);
    if (problem) throw new CliError(problem);
    const hash = await hashPassword(password);
    await withDatabase(config, async (database) => {
      const now = Date.now();
      try {
        const admin = await setAdminPassword(database, account!, hash, !fromStdin, now);
        await writeAudit(
          database,
          { adminId: null, account: CLI_ACTOR, action: 'system:admin:resetPwd', target: '管理员', targetId: admin.id, ip: '', ok: true, detail: admin.account },
          now,
        );
        out(`已重置管理员 ${admin.account} 的密码，其登录会话已全部结束 / password of ${admin.account} reset, sessions ended`);
      } catch (error) {
        if (error instanceof AppError) throw new CliError(`${error.message}: ${account}`);
        throw error;
      }
    });
    if (!fromStdin) {
      out('新密码如下，首次登录须修改 / new password below; the next sign-in must change it:');
      out(password);
    }
  },
};
