// Builds apps/server/src/features/system/auth/common-passwords.txt, the list of common passwords a
// new password must not be (docs/security.md). Run again only to change the source or the
// selection: `node scripts/common-passwords.mjs`. It fetches one fixed package version from the
// npm registry with `npm pack`, so the file is the same on every run.
//
// Source: @zxcvbn-ts/language-common (MIT, notice in common-passwords-LICENSE.txt), whose
// passwords.json lists passwords seen in breaches, most common first, in lower case.
// Selection: the 10,000 most common, then every further entry of at least 12 characters. With a
// 12-character minimum the short ones can no longer be chosen anyway; the long ones are the
// entries that still can, as ASVS 2.1.7 asks of a list ("which match the system's password
// policy").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SOURCE = '@zxcvbn-ts/language-common@4.1.3';
const TOP = 10_000;
const LONG = 12;

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'apps/server/src/features/system/auth/common-passwords.txt');
const work = mkdtempSync(path.join(tmpdir(), 'common-passwords-'));
try {
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', SOURCE, '--json', '--pack-destination', work], { encoding: 'utf8' }));
  execFileSync('tar', ['-xzf', path.join(work, filename), '-C', work, 'package/src/passwords.json']);
  const ranked = JSON.parse(readFileSync(path.join(work, 'package/src/passwords.json'), 'utf8'));
  const chosen = ranked.filter((password, rank) => rank < TOP || [...password].length >= LONG);
  const lines = [...new Set(chosen.map((password) => password.normalize('NFKC').toLowerCase()))];
  writeFileSync(target, `${lines.join('\n')}\n`);
  console.log(`${lines.length} passwords from ${SOURCE} written to ${path.relative(root, target)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
