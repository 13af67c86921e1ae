// The operator CLI: `npm run cli -- <command>`, with the same configuration as `npm start`
// (DATA_DIR, DATABASE_URL, …). Each command is a small module over the services the HTTP
// routes use (run.ts finds it); see command.ts for the output conventions.
import { runCli } from './run.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readStdin,
});
