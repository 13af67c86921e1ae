// The operator CLI: `npm run cli -- <command>`, with the same configuration as `npm start`
// (DATA_DIR, DATABASE_URL, …). Each command is a small module over the services the HTTP
// routes use; see command.ts for the output conventions.
import { loadConfig } from '../config.js';
import { oneLine } from '../ops/one-line.js';
import { adminResetPassword } from './admin-reset-password.js';
import { backup } from './backup.js';
import { CliError, parseArgs, type Command } from './command.js';
import { credentialKeyRotate } from './credential-key.js';
import { restore } from './restore.js';
import { tokenCreate, tokenList, tokenRevoke } from './token.js';

const commands: Command[] = [backup, restore, adminResetPassword, tokenCreate, tokenList, tokenRevoke, credentialKeyRotate];

const overview = `协会门户运维命令 / association portal operator commands

用法 / usage: npm run cli -- <command> [arguments]   （每个命令都有 --help / every command has --help）

${commands.map((c) => `  ${c.words.join(' ').padEnd(22)} ${c.summary}`).join('\n')}

配置与 npm start 相同（DATA_DIR、DATABASE_URL 等环境变量）。
The configuration is the same as npm start's (DATA_DIR, DATABASE_URL, … environment variables).`;

/** The command named by the leading words of argv, and the arguments after them. */
function find(argv: string[]): { command: Command; rest: string[] } | undefined {
  return commands.filter((c) => c.words.every((word, i) => argv[i] === word)).map((command) => ({ command, rest: argv.slice(command.words.length) }))[0];
}

/** Standard output, for what a command answers (the lint rule keeps console.log out of server code). */
const print = (text: string) => void process.stdout.write(`${text}\n`);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    print(overview);
    return argv.length === 0 ? 2 : 0;
  }
  const found = find(argv);
  if (!found) {
    console.error(`未知命令 / unknown command: ${argv.join(' ')}\n\n${overview}`);
    return 2;
  }
  const args = parseArgs(found.rest);
  if (args.options.has('help') || found.rest.includes('-h')) {
    print(found.command.help);
    return 0;
  }
  try {
    await found.command.run(args, { config: loadConfig(), out: print, readStdin });
    return 0;
  } catch (error) {
    console.error(`错误 / error: ${error instanceof CliError ? error.message : oneLine(error)}`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
