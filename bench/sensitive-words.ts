// The sensitive-word check of a contribution: a list of 5,000 words against a 20,000-character
// HTML body. Run: npx tsx bench/sensitive-words.ts
import { performance } from 'node:perf_hooks';
import { buildMatcher, findInHtml, markHtml } from '../apps/server/src/features/sensitive-words/matcher.js';

/** A deterministic generator, so runs compare. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const next = random(2026);
const han = () => String.fromCharCode(0x4e00 + Math.floor(next() * 3000));
const words = Array.from({ length: 5000 }, () => Array.from({ length: 2 + Math.floor(next() * 4) }, han).join(''));
let text = '';
while (text.length < 20_000) text += `<p>${Array.from({ length: 80 }, han).join('')}<b>${words[Math.floor(next() * words.length)]}</b>，</p>`;

const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const time = (work: () => unknown, runs = 15) =>
  median(
    Array.from({ length: runs }, () => {
      const start = performance.now();
      work();
      return performance.now() - start;
    }),
  );

const matcher = buildMatcher(words);
const found = findInHtml(matcher, text).length;
console.log(`words: ${words.length}; body: ${text.length} characters of HTML; occurrences found: ${found}`);
console.log(`build the matcher: ${time(() => buildMatcher(words)).toFixed(1)} ms (median of 15)`);
console.log(`find in the body: ${time(() => findInHtml(matcher, text)).toFixed(2)} ms (median of 15)`);
console.log(`mark the body for review: ${time(() => markHtml(matcher, text)).toFixed(2)} ms (median of 15)`);
