import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Another commit of this repository beside this checkout, to measure two builds in one run
// (cpu-ab.ts, start.ts): a worktree under the system's temporary folder, on this checkout's
// installed packages, so the two differ by the project's code alone.

const root = path.resolve(import.meta.dirname, '..');

const git = (...gitArgs: string[]) => execFileSync('git', ['-C', root, ...gitArgs], { encoding: 'utf8' }).trim();

/**
 * The worktree's node_modules: this checkout's packages linked one by one, except npm's
 * workspace links (relative), recreated so they point at the worktree's own workspaces.
 * Dot entries other than .bin stay behind (npm's records, vite's cache).
 */
function linkModules(dir: string): void {
  const link = (from: string, to: string) => {
    const target = fs.lstatSync(from).isSymbolicLink() ? fs.readlinkSync(from) : undefined;
    fs.symlinkSync(target !== undefined && !path.isAbsolute(target) ? target : from, to);
  };
  for (const folder of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules', 'packages/shared/node_modules']) {
    const from = path.join(root, folder);
    if (!fs.existsSync(from)) continue;
    for (const entry of fs.readdirSync(from)) {
      if (entry.startsWith('.') && entry !== '.bin') continue;
      if (entry.startsWith('@')) {
        fs.mkdirSync(path.join(dir, folder, entry), { recursive: true });
        for (const scoped of fs.readdirSync(path.join(from, entry))) link(path.join(from, entry, scoped), path.join(dir, folder, entry, scoped));
      } else {
        fs.mkdirSync(path.join(dir, folder), { recursive: true });
        link(path.join(from, entry), path.join(dir, folder, entry));
      }
    }
  }
}

/** Packages the commit locks at another version than is installed here: they run on the installed one (reported, not refused). */
function lockDifferences(commit: string): string[] {
  type Lock = { packages: Record<string, { version?: string; optional?: boolean; link?: boolean }> };
  const installed = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/.package-lock.json'), 'utf8')) as Lock).packages;
  const locked = (JSON.parse(git('show', `${commit}:package-lock.json`)) as Lock).packages;
  return Object.entries(locked)
    .filter(([name, entry]) => name.includes('node_modules/') && !entry.link && !(entry.optional && !installed[name]))
    .filter(([name, entry]) => installed[name]?.version !== entry.version)
    .map(([name, entry]) => `${name.slice(name.lastIndexOf('node_modules/') + 13)} ${entry.version} (installed: ${installed[name]?.version ?? 'none'})`);
}

/** The worktrees this run made, removed at its end whatever happens. */
const worktrees: string[] = [];

/** A worktree of `ref` with this checkout's packages; removed by removeWorktrees. */
export function addWorktree(ref: string): { commit: string; label: string; dir: string } {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const label = `${commit.slice(0, 7)} (${ref})`;
  const dir = path.join(os.tmpdir(), `bench-ab-${commit.slice(0, 12)}`);
  // A worktree left by an interrupted run is replaced, not trusted.
  if (fs.existsSync(dir)) git('worktree', 'remove', '--force', dir);
  git('worktree', 'add', '--detach', dir, commit);
  worktrees.push(dir);
  linkModules(dir);
  for (const differs of lockDifferences(commit)) console.warn(`${label}: locks ${differs}`);
  return { commit, label, dir };
}

/** Removes the worktrees this run made, whatever happened. */
export function removeWorktrees(): void {
  for (const dir of worktrees.splice(0)) git('worktree', 'remove', '--force', dir);
}

/**
 * A worktree of `ref` whose web app is built (the pages the server draws), running this
 * checkout's benchmark server and data set: two builds measured on the same harness.
 */
export function addBuiltWorktree(ref: string): { label: string; dir: string } {
  const { label, dir } = addWorktree(ref);
  for (const file of ['bench/data.ts', 'bench/server.ts']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  console.log(`${label}: building the web app`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`${label}: npm run build failed`);
  return { label, dir };
}
