import type SQLite from 'better-sqlite3';

/**
 * The search index cuts a text into its overlapping character pairs (bigrams): a key of two
 * characters or more is in a text exactly when the key's pairs follow each other there, so
 * no word segmenter is needed for Chinese and every substring stays findable. For keys of one
 * character, SQLite's index also holds each distinct character of a text once.
 *
 * SQLite keeps the tokens in the FTS5 table news_search (migration 018, first news_bigrams of
 * 016), filled by triggers that call search_tokens() (bigram_tokens() for 016) below;
 * PostgreSQL computes pairs itself (the bigrams() function and its GIN indexes, migration 016).
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

/**
 * What news_search holds of a text: its pairs in order (so a key's pairs stand in a row
 * exactly where the key does), then each distinct character once as `u` and its code point in
 * hex. Pair tokens hold an `x` and no `u`, so no phrase of pairs can run into the characters.
 */
export function searchTokens(text: string): string {
  const characters = [...new Set(Array.from(foldAscii(text), (c) => `u${c.codePointAt(0)!.toString(16)}`))];
  const pairs = bigramTokens(text);
  return characters.length === 0 ? pairs : `${pairs} ${characters.join(' ')}`;
}

/** The FTS5 phrase matching texts that contain `key`: its character for one, its pairs in a row for more. */
export function searchPhrase(key: string): string {
  const characters = Array.from(foldAscii(key));
  return characters.length === 1 ? `"u${characters[0]!.codePointAt(0)!.toString(16)}"` : `"${bigramTokens(key)}"`;
}

/** Every SQLite connection that may write articles needs the functions the index triggers call. */
export function registerBigramFunction(file: SQLite.Database): void {
  file.function('bigram_tokens', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? bigramTokens(text) : ''));
  file.function('search_tokens', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? searchTokens(text) : ''));
}
