// What the built web app was built from: one sha256 over the files that shape the bundle (the
// web app's and the shared package's sources, their configs, the lock file). `npm start` builds
// again when the stamp in apps/web/dist differs, so a `git pull` never leaves an old build served.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
const stampFile = path.join(root, 'apps/web/dist/.source-hash');

/** Files under an input, relative to the repository, in a stable order. */
function filesOf(input) {
  const full = path.join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    // Tests do not reach the bundle; changing one needs no rebuild.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the current build, or null when there is no build or it predates stamps. */
export function builtHash() {
  try {
    return readFileSync(stampFile, 'utf8').trim();
  } catch {
    return null;
  }
}

export function writeStamp(hash) {
  writeFileSync(stampFile, `${hash}\n`);
}
