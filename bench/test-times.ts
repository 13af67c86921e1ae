import fs from 'node:fs';

/**
 * Where the API tests' time goes, from Vitest's JSON reporter:
 *
 *   npx vitest run --reporter=json --outputFile=/tmp/api.json
 *   npx tsx bench/test-times.ts /tmp/api.json [top]
 *
 * Prints a Markdown table: each file's wall time (first test's start to the file's end, hooks
 * included), its tests, and its tests' own time split by engine (a describe named "… on sqlite"
 * or "… on postgres"; any other test is "either"); then the totals. Files run two at a time
 * (maxWorkers), so the files' sum is about twice the run's wall time.
 */

interface AssertionResult {
  ancestorTitles: string[];
  title: string;
  duration?: number | null;
  status: string;
}
interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: AssertionResult[];
}
interface Report {
  startTime: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: FileResult[];
}

type Engine = 'sqlite' | 'postgres' | 'either';
const engineOf = (test: AssertionResult): Engine => {
  const titles = [...test.ancestorTitles, test.title].join(' › ');
  if (/\bpostgres(ql)?\b/i.test(titles) && !/\bsqlite\b/i.test(titles)) return 'postgres';
  if (/\bsqlite\b/i.test(titles) && !/\bpostgres(ql)?\b/i.test(titles)) return 'sqlite';
  return 'either';
};

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/test-times.ts <vitest-json> [top]');
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const top = Number(topArg ?? 25);
const s = (ms: number) => (ms / 1000).toFixed(1);

const rows = report.testResults.map((f) => {
  const byEngine: Record<Engine, number> = { sqlite: 0, postgres: 0, either: 0 };
  const tests: Record<Engine, number> = { sqlite: 0, postgres: 0, either: 0 };
  for (const test of f.assertionResults) {
    byEngine[engineOf(test)] += test.duration ?? 0;
    tests[engineOf(test)] += 1;
  }
  return {
    name: f.name.replace(/^.*?\/(?=(apps|packages)\/)/, ''),
    wall: f.endTime - f.startTime,
    tests: f.assertionResults.length,
    byEngine,
    perEngine: tests,
  };
});
rows.sort((a, b) => b.wall - a.wall);
const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
const lastEnd = Math.max(...report.testResults.map((f) => f.endTime));

console.log(
  `${rows.length} files, ${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped); ` +
    `first start to last end ${s(lastEnd - report.startTime)} s; files' wall times summed ${s(sum((r) => r.wall))} s`,
);
console.log(
  `tests' own time by engine: sqlite ${s(sum((r) => r.byEngine.sqlite))} s (${sum((r) => r.perEngine.sqlite)} tests), ` +
    `postgres ${s(sum((r) => r.byEngine.postgres))} s (${sum((r) => r.perEngine.postgres)} tests), ` +
    `either ${s(sum((r) => r.byEngine.either))} s (${sum((r) => r.perEngine.either)} tests); the rest of a file's time is its hooks (apps made, migrated, seeded) and loading`,
);
console.log('');
console.log(`| file | wall s | tests | sqlite tests s | postgres tests s | other tests s |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const r of rows.slice(0, top)) {
  console.log(`| ${r.name} | ${s(r.wall)} | ${r.tests} | ${s(r.byEngine.sqlite)} | ${s(r.byEngine.postgres)} | ${s(r.byEngine.either)} |`);
}
const rest = rows.slice(top);
if (rest.length > 0) {
  console.log(
    `| the other ${rest.length} files | ${s(rest.reduce((t, r) => t + r.wall, 0))} | ${rest.reduce((t, r) => t + r.tests, 0)} | ` +
      `${s(rest.reduce((t, r) => t + r.byEngine.sqlite, 0))} | ${s(rest.reduce((t, r) => t + r.byEngine.postgres, 0))} | ${s(rest.reduce((t, r) => t + r.byEngine.either, 0))} |`,
  );
}
