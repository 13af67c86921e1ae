import fs from 'node:fs';
import net from 'node:net';

// What tests and benchmarks ask of the machine about processes and ports: no test framework
// here, so Playwright journeys and bench scripts use it too.

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The processes under `pid`, itself included: pid, RSS in KiB and command, from /proc. */
export function processTree(pid: number): { pid: number; rssKib: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command (in parentheses) may hold spaces; the parent's id is the second field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended while being read.
    }
  }
  const found: { pid: number; rssKib: number; command: string }[] = [];
  const visit = (id: number) => {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, 'utf8');
      const rssKib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const command = fs.readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: id, rssKib, command });
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return found;
}
