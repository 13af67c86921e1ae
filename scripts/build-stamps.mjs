// What each build was built from: one sha256 over the files that shape it (sources, configs, the
// lock file), kept beside the build. `npm start` builds again when a stamp differs from the
// sources, so a `git pull` never leaves an old build served.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

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

/** A build's stamp: its inputs' hash now, the one it was built from, and writing that. */
function buildStamp(inputs, stampFile) {
  const file = path.join(root, stampFile);
  return {
    sourceHash() {
      const hash = createHash('sha256');
      for (const input of inputs.flatMap(filesOf)) {
        // Tests do not reach the build; changing one needs no rebuild.
        if (/\.test\.tsx?$/.test(input)) continue;
        hash
          .update(input)
          .update('\0')
          .update(readFileSync(path.join(root, input)))
          .update('\0');
      }
      return hash.digest('hex');
    },
    /** The stamp of the current build, or null when there is no build or it predates stamps. */
    builtHash() {
      try {
        return readFileSync(file, 'utf8').trim();
      } catch {
        return null;
      }
    },
    write(hash) {
      writeFileSync(file, `${hash}\n`);
    },
  };
}

/** The web app (apps/web/dist and its server renderer apps/web/dist-ssr). */
export const webBuild = buildStamp(
  ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', ...shared],
  'apps/web/dist/.source-hash',
);

/** The server compiled to JavaScript (apps/server/dist, scripts/build-server.mjs). */
export const serverBuild = buildStamp(['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared], 'apps/server/dist/.source-hash');
