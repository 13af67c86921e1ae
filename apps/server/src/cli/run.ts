import { loadConfig } from '../config.js';
import { oneLine } from '../ops/one-line.js';
import { adminResetPassword } from './admin-reset-password.js';
import { auditVerify } from './audit-verify.js';
import { idNumbersNewKey, idNumbersReseal } from './id-numbers.js';
import { backup } from './backup.js';
import { CliError, parseArgs, type Command } from './command.js';
import { credentialKeyRotate } from './credential-key.js';
import { restore } from './restore.js';
import { tokenCreate, tokenList, tokenRevoke } from './token.js';

const commands: Command[] = [
  backup,
  restore,
  adminResetPassword,
  tokenCreate,
  tokenList,
  tokenRevoke,
  credentialKeyRotate,
  auditVerify,
  idNumbersNewKey,
  idNumbersReseal,
];

const overview = `协会门户运维命令 / association portal operator commands

用法 / usage: npm run cli -- <command> [arguments]   （每个命令都有 --help / every command has --help）

${commands.map((c) => `  ${c.words.join(' ').padEnd(22)} ${c.summary}`).join('\n')}

配置与 npm start 相同（DATA_DIR、DATABASE_URL 等环境变量）。
The configuration is the same as npm start's (DATA_DIR, DATABASE_URL, … environment variables).`;

/** The command named by the leading words of argv, and the arguments after them. */
function find(argv: string[]): { command: Command; rest: string[] } | undefined {
  return commands.filter((c) => c.words.every((word, i) => argv[i] === word)).map((command) => ({ command, rest: argv.slice(command.words.length) }))[0];
}

/** What a run of the CLI reads and writes: the process's own in main.ts, a test's in-process. */
export interface CliIo {
  /** The environment the configuration is read from. */
  env: NodeJS.ProcessEnv;
  /** Writes to standard output and standard error. */
  stdout(text: string): void;
  stderr(text: string): void;
  /** The whole of standard input. */
  readStdin(): Promise<string>;
}

/** Runs the command `argv` names; answers the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const print = (text: string) => io.stdout(`${text}\n`);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    print(overview);
    return argv.length === 0 ? 2 : 0;
  }
  const found = find(argv);
  if (!found) {
    io.stderr(`未知命令 / unknown command: ${argv.join(' ')}\n\n${overview}\n`);
    return 2;
  }
  const args = parseArgs(found.rest);
  if (args.options.has('help') || found.rest.includes('-h')) {
    print(found.command.help);
    return 0;
  }
  try {
    // No command builds a link (a QR code, a credential, a page): production's need for
    // PUBLIC_BASE_URL is the server's, and `token create` on a production host runs without it.
    const config = loadConfig(io.env, { buildsLinks: false });
    await found.command.run(args, { config, out: print, readStdin: io.readStdin });
    return 0;
  } catch (error) {
    io.stderr(`错误 / error: ${error instanceof CliError ? error.message : oneLine(error)}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
