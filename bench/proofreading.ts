// 校对 (`npm run bench -- proofreading`): proofread(), the code behind CheckArticleText and the
// check on save, over an article of 50,000 characters of text against a 易错词 dictionary of
// 20,000 entries and 2,000 sensitive words, on a fresh SQLite database. What is timed is the check
// with both matchers kept (the usual case); building them, which follows a change of either list,
// is reported beside it. The figures go to RESULTS.md "校对 (proofreading)".
import { performance } from 'node:perf_hooks';
import { formatCst } from '@portal/shared';
import type { Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { dictionaryChanged, proofread } from '../apps/server/src/features/proofreading/service.js';
import { textOfHtml } from '../apps/server/src/features/sensitive-words/matcher.js';
import { machineNote, onSqlite, writeResultsSection } from './fresh-databases.js';
import { timedRuns, timingCell } from './timing.js';

const ENTRIES = 20_000;
const SENSITIVE = 2_000;
const TEXT_CHARS = 50_000;
const RUNS = 20;
const CHUNK = 500;
const HEADING = '## 校对 (proofreading)';
const TARGET_MS = 20;

/** A deterministic generator, so runs compare (its products stay below 2^53, so it does not fall into a short cycle). */
let seed = 2026;
const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) % 2 ** 32) / 2 ** 32;
const han = () => String.fromCharCode(0x4e00 + Math.floor(random() * 3000));
const word = () => Array.from({ length: 2 + Math.floor(random() * 4) }, han).join('');

/** `count` distinct words of 2–5 characters none of `taken` has. */
function words(count: number, taken: Set<string>): string[] {
  const made: string[] = [];
  while (made.length < count) {
    const w = word();
    if (taken.has(w)) continue;
    taken.add(w);
    made.push(w);
  }
  return made;
}

async function fill({ db }: Database, wrong: string[], sensitive: string[]): Promise<void> {
  const at = formatCst(Date.now());
  for (let i = 0; i < wrong.length; i += CHUNK) {
    const rows = wrong.slice(i, i + CHUNK).map((w, k) => ({
      wrong: w,
      right: `${w.slice(0, -1)}正`,
      severity: (i + k) % 10 === 0 ? ('serious' as const) : ('normal' as const),
      form: w,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('wrong_words').values(rows).execute();
  }
  for (let i = 0; i < sensitive.length; i += CHUNK)
    await db
      .insertInto('sensitive_words')
      .values(sensitive.slice(i, i + CHUNK).map((w) => ({ word: w, form: w, created_at: at })))
      .execute();
}

/** Paragraphs of text with a listed word (wrong or sensitive) now and then, some split by a tag, up to TEXT_CHARS characters of text. */
function article(wrong: string[], sensitive: string[]): string {
  let html = '';
  let chars = 0;
  while (chars < TEXT_CHARS) {
    const listed = random() < 0.8 ? wrong[Math.floor(random() * wrong.length)]! : sensitive[Math.floor(random() * sensitive.length)]!;
    const shown = random() < 0.2 ? `${listed[0]}<b>${listed.slice(1)}</b>` : listed;
    const paragraph = Array.from({ length: 60 }, han).join('');
    html += `<p>${paragraph}${shown}，${paragraph.slice(0, 20)}。</p>`;
    chars += 60 + listed.length + 1 + 20 + 1;
  }
  return html;
}

async function measure(database: Database) {
  await migrate(database);
  const taken = new Set<string>();
  const wrong = words(ENTRIES, taken);
  const sensitive = words(SENSITIVE, taken);
  await fill(database, wrong, sensitive);
  const html = article(wrong, sensitive);
  const input = { title: '关于开展年度工作检查的通知', html };
  const building = performance.now();
  const findings = await proofread(database, input);
  const firstMs = performance.now() - building;
  const kept = await timedRuns(() => proofread(database, input), RUNS, { warm: true });
  const rebuilt = await timedRuns(
    async () => {
      dictionaryChanged(database);
      await proofread(database, input);
    },
    5,
    { warm: false },
  );
  return { textChars: textOfHtml(html).length, htmlChars: html.length, findings, firstMs, kept, rebuilt };
}

export async function runProofreadingBench(): Promise<void> {
  const f = await onSqlite(measure);
  const occurrences = f.findings.reduce((n, x) => n + x.count, 0);
  const section = [
    `${HEADING} (\`npm run bench -- proofreading\`)`,
    '',
    `Measured ${formatCst(Date.now()).slice(0, 10)} (CST), ${machineNote()}.`,
    '',
    `proofread(), the code behind CheckArticleText: an article of ${f.textChars.toLocaleString('en-US')} characters of text (${f.htmlChars.toLocaleString('en-US')} of HTML, a listed word in each paragraph, one in five split by a tag) against ${ENTRIES.toLocaleString('en-US')} 易错词 entries and ${SENSITIVE.toLocaleString('en-US')} sensitive words of 2–5 random characters, on SQLite; ${f.findings.length.toLocaleString('en-US')} distinct findings, ${occurrences.toLocaleString('en-US')} occurrences. Median and fastest of ${RUNS} runs after one to warm up.`,
    '',
    '| step | time |',
    '|---|---:|',
    `| check, both matchers kept (every check between changes of the lists) | ${timingCell(f.kept)} |`,
    `| check after the dictionary changed (its 20,000 entries read and the matcher built again) | ${timingCell(f.rebuilt)} |`,
    `| first check of a started server (both lists read, both matchers built) | ${f.firstMs.toFixed(0)} ms |`,
    '',
    `The target is under ${TARGET_MS} ms for the check.`,
    '',
  ].join('\n');
  console.log(section);
  writeResultsSection(HEADING, section);
}
