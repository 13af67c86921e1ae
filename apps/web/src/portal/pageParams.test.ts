import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeStateFields, pageParamNames } from '@portal/shared';

/** Every source file of the public site (the back office is not drawn on the server). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// The server draws and keeps a public page with only the parameters pageParams lists for it
// (packages/shared/src/page-params.ts). A parameter a page reads but the list lacks would be
// missing from the server's drawing, and the browser's would differ from it.
describe('the parameters the public pages read', () => {
  it('are all listed for the server', () => {
    const read = new Set<string>();
    for (const file of sources(import.meta.dirname)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/params\.get\('([^']+)'\)/g)) read.add(match[1]!);
    }
    // Read through a field list of its own (homeState.tsx: params.get(field)).
    for (const field of homeStateFields) read.add(field);
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !pageParamNames.has(name))).toEqual([]);
  });
});
