import { formatCst, type PagingQuery } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing } from '../../db/like.js';
import { buildMatcher, findInHtml, markHtml, markText, normaliseWord, type Matcher } from './matcher.js';

/**
 * The sensitive-word list (敏感词). The review of contributions marks listed words in a title
 * or body and highlights them; nothing changes the member's text. The matcher for the whole
 * list is built once and kept until the list changes on this instance.
 */

const matchers = new WeakMap<Database, Promise<Matcher>>();

/** The kept matcher of the whole list: for checks that count their finds their own way (校对, features/proofreading). */
export function sensitiveMatcher(database: Database): Promise<Matcher> {
  let matcher = matchers.get(database);
  if (!matcher) {
    matcher = database.db
      .selectFrom('sensitive_words')
      .select('word')
      .execute()
      .then((rows) => buildMatcher(rows.map((r) => r.word)));
    matchers.set(database, matcher);
    // A failed read is not kept: the next call tries again.
    matcher.catch(() => matchers.delete(database));
  }
  return matcher;
}

export interface SensitiveHit {
  word: string;
  count: number;
}

/** The listed words in a title and an HTML body, with how often each occurs, most frequent first. */
export async function sensitiveWordsIn(database: Database, text: { title: string; html: string }): Promise<SensitiveHit[]> {
  const matcher = await sensitiveMatcher(database);
  if (matcher.size === 0) return [];
  const counts = new Map<string, number>();
  for (const m of [...matcher.find(text.title), ...findInHtml(matcher, text.html)]) counts.set(m.word, (counts.get(m.word) ?? 0) + 1);
  return [...counts].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/** Sanitised HTML with each listed word wrapped in <mark>. */
export async function markSensitiveHtml(database: Database, html: string): Promise<string> {
  return markHtml(await sensitiveMatcher(database), html);
}

/** Plain text, escaped as HTML, with each listed word wrapped in <mark>. */
export async function markSensitiveText(database: Database, text: string): Promise<string> {
  return markText(await sensitiveMatcher(database), text);
}

export interface SensitiveWord {
  id: number;
  word: string;
  createdAt: string;
}

export async function listWords({ db }: Database, key: string | undefined, paging: PagingQuery): Promise<{ items: SensitiveWord[]; total: number }> {
  const matching = db.selectFrom('sensitive_words').$if(!!key, (q) => q.where(containing('word', key ?? '')));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(['id', 'word', 'created_at']).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { total, items: rows.map((r) => ({ id: r.id, word: r.word, createdAt: r.created_at })) };
}

/**
 * Adds words (already trimmed, non-empty, at most 50 characters), skipping those listed
 * already in the same folded form; one transaction. Answers how many were added and skipped.
 */
export async function addWords(database: Database, words: readonly string[], now: number): Promise<{ added: number; skipped: number }> {
  const byForm = new Map(words.map((w) => [normaliseWord(w), w] as const));
  const added = await database.db.transaction().execute(async (trx) => {
    const forms = [...byForm.keys()];
    const known = new Set<string>();
    for (let i = 0; i < forms.length; i += 500) {
      const rows = await trx
        .selectFrom('sensitive_words')
        .select('form')
        .where('form', 'in', forms.slice(i, i + 500))
        .execute();
      for (const r of rows) known.add(r.form);
    }
    const fresh = [...byForm].filter(([form]) => !known.has(form));
    const at = formatCst(now);
    for (let i = 0; i < fresh.length; i += 500) {
      await trx
        .insertInto('sensitive_words')
        .values(fresh.slice(i, i + 500).map(([form, word]) => ({ word, form, created_at: at })))
        .execute();
    }
    return fresh.length;
  });
  matchers.delete(database);
  return { added, skipped: words.length - added };
}

/** Deletes words by id; answers how many went. */
export async function deleteWords(database: Database, ids: readonly number[]): Promise<number> {
  const { numDeletedRows } = await database.db.deleteFrom('sensitive_words').where('id', 'in', ids).executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound();
  matchers.delete(database);
  return Number(numDeletedRows);
}
