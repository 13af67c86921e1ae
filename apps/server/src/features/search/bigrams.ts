import type SQLite from 'better-sqlite3';

/**
 * The search index cuts a text into its overlapping character pairs (bigrams): a key of two
 * characters or more is in a text exactly when the key's pairs follow each other there, so
 * no word segmenter is needed for Chinese and every substring stays findable.
 *
 * SQLite keeps the pairs in the FTS5 table news_search (migration 018, first news_bigrams of
 * 016), filled by triggers that call bigram_tokens() below; PostgreSQL computes them itself
 * (the bigrams() function and its GIN indexes, migration 016).
 */

/** ASCII letters match regardless of case (as SQLite's LIKE does); other characters match themselves. */
const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/**
 * The text's pairs in order, each written as one ASCII token (the two code points in hex,
 * joined by `x`). FTS5's ascii tokenizer keeps such a token whole, and no character of the
 * text can reach the query syntax: quotes, `%`, `_`, `*` and backslashes are just numbers.
 */
export function bigramTokens(text: string): string {
  const points = Array.from(foldAscii(text), (c) => c.codePointAt(0)!.toString(16));
  const tokens = new Array<string>(Math.max(points.length - 1, 0));
  for (let i = 0; i < tokens.length; i++) tokens[i] = `${points[i]}x${points[i + 1]}`;
  return tokens.join(' ');
}

/** The FTS5 phrase matching texts that contain `key` (two characters or more). */
export const bigramPhrase = (key: string) => `"${bigramTokens(key)}"`;

/** Every SQLite connection that may write articles needs the function the index triggers call. */
export function registerBigramFunction(file: SQLite.Database): void {
  file.function('bigram_tokens', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? bigramTokens(text) : ''));
}
