import { runCli } from '../src/cli/run.js';
import { childEnv, type Finished } from './processes.js';

/**
 * The operator CLI run in this process (cli/run.ts, what cli/main.ts runs), with the
 * environment, standard input and output a child would have: a command's work, output and exit
 * code as an operator sees them, without a cold `node --import tsx` start (seconds each on a
 * loaded machine). processes.ts's runCli starts the real process, for the few tests about it.
 */
export async function cliInProcess(args: string[], env: Record<string, string>, input?: string): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: childEnv(env),
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: () => Promise.resolve(input ?? ''),
  });
  return { code, signal: null, stdout, stderr };
}
