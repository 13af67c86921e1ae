import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's mark on its data folder: `server.pid`, holding the process id, written at start
 * and removed on a clean stop. `restore` reads it to refuse overwriting the files of a running
 * server. A stale mark (the process is gone, e.g. after a crash or a reboot) counts as free.
 */
const PID_FILE = 'server.pid';

export const pidFile = (dataDir: string) => path.join(dataDir, PID_FILE);

/** Writes this process's mark; answers the function that removes it. */
export function markDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = pidFile(dataDir);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    // Only our own mark: another server may have started on the folder since.
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The id of a live server process using the folder, or null. */
export function runningServer(dataDir: string): number | null {
  const pid = readPid(pidFile(dataDir));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it is still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
