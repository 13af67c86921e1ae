import type { Config } from '../config.js';

/**
 * One operator command (`npm run cli -- <command>`). Output for scripts: a command that creates
 * a secret prints it alone on the last line of stdout; errors go to stderr with a non-zero
 * exit (CliError), never as a stack trace.
 */
export interface Command {
  /** The words that name it, e.g. ['token', 'create']. */
  words: string[];
  /** One line for the command list, Chinese and English. */
  summary: string;
  /** The full --help text, Chinese and English. */
  help: string;
  run(args: ParsedArgs, context: CliContext): Promise<void>;
}

export interface CliContext {
  config: Config;
  /** Standard output, one line a call. */
  out(line: string): void;
  /** The whole of standard input (for a password given by a script). */
  readStdin(): Promise<string>;
}

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** A refusal the operator can act on: printed to stderr as one line, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Wrong use of a command: exit code 2, as with other Unix tools. */
export const usageError = (message: string) => new CliError(`${message}（用法见 --help / see --help）`, 2);

/** `a b --name x --flag --k=v` → positional a, b and options name=x, flag, k=v. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const option = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!option) {
      positional.push(arg);
      continue;
    }
    const [, name, inline] = option;
    if (inline !== undefined) options.set(name!, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--') && valued.has(name!)) options.set(name!, argv[++i]!);
    else options.set(name!, true);
  }
  return { positional, options };
}

/** Options that take a value; every other option is a flag. */
const valued = new Set(['name', 'role', 'remark']);

/** The value of a required `--name value` option. */
export function requiredOption(args: ParsedArgs, name: string): string {
  const value = args.options.get(name);
  if (typeof value !== 'string' || value.trim() === '') throw usageError(`缺少 --${name} / missing --${name}`);
  return value.trim();
}

/** Exactly `count` positional arguments, named for the message. */
export function positionals(args: ParsedArgs, ...names: string[]): string[] {
  if (args.positional.length !== names.length) throw usageError(`需要参数 / expects: ${names.map((n) => `<${n}>`).join(' ') || '（无 / none）'}`);
  return args.positional;
}
