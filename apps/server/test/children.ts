import type { ChildProcess } from 'node:child_process';

/**
 * Every process a test file starts ends with the file, however its tests ended. A test that
 * times out never reaches its own stop(): the clusters (a primary and two workers) of a timed-out
 * start-up test kept running, loading the machine, for up to an hour. So children start in a
 * process group of their own (spawn's `detached`), and whatever is still running when the file's
 * tests are done is ended with its whole group, a primary's workers with it.
 */
const running = new Set<ChildProcess>();

/** Ends every child still running, with its group: after each test file (test/setup.ts) and when the process exits. */
export function endAll(): void {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group ended meanwhile.
    }
  }
  running.clear();
}

/** A child started with `detached: true`, to be ended with its group at the end of the file. */
export function tracked<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

// A test process that ends early (a crash, a fatal error) takes its children with it too.
process.once('exit', endAll);
