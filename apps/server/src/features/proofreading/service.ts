import { formatCst, proofreadingMessages, type PagingQuery, type SaveWrongWordBody, type WrongWordListQuery, type WrongWordSeverity } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { containing } from '../../db/like.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Memo } from '../../cache/memo.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { buildMatcher, normaliseWord, textOfHtml, withoutOverlaps, type Match, type Matcher } from '../sensitive-words/matcher.js';
import { sensitiveMatcher } from '../sensitive-words/service.js';

/**
 * 易错词 (docs/inspection.md): the office's dictionary of wrong → right forms, and 校对, which
 * checks an article against it and the sensitive-word list. The dictionary's matcher is built
 * once and kept; a change here drops it at once, and a change on another instance reaches this
 * one when the kept matcher is a minute old (the dictionary is no public content, so it has no
 * content area to announce a change through).
 */

export interface WrongWord {
  id: number;
  wrong: string;
  right: string;
  severity: WrongWordSeverity;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'wrong', 'right', 'severity', 'created_at', 'updated_at'] as const;

const toWrongWord = (r: { id: number; wrong: string; right: string; severity: WrongWordSeverity; created_at: string; updated_at: string }): WrongWord => ({
  id: r.id,
  wrong: r.wrong,
  right: r.right,
  severity: r.severity,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

interface Dictionary {
  matcher: Matcher;
  /** Each entry by its wrong form as the matcher lists it. */
  entries: Map<string, { right: string; severity: WrongWordSeverity }>;
}

const dictionaries = new Memo<Dictionary>({ maxAgeMs: 60_000, maxEntries: 1 });

function dictionaryOf(database: Database): Promise<Dictionary> {
  return dictionaries.get(database, 'all', async () => {
    const rows = await database.db.selectFrom('wrong_words').select(['wrong', 'right', 'severity']).execute();
    return {
      matcher: buildMatcher(rows.map((r) => r.wrong)),
      entries: new Map(rows.map((r) => [r.wrong.trim(), { right: r.right, severity: r.severity }])),
    };
  });
}

/** The dictionary changed: the next check builds its matcher again. */
export const dictionaryChanged = (database: Database) => dictionaries.clear(database);

export type WrongWordFilter = Omit<WrongWordListQuery, keyof PagingQuery>;

/** One page of the dictionary, newest first: `key` part of either form, `severity` one level. */
export async function listWrongWords({ db }: Database, filter: WrongWordFilter, paging: PagingQuery): Promise<{ items: WrongWord[]; total: number }> {
  const matching = db
    .selectFrom('wrong_words')
    .$if(!!filter.key, (q) => q.where((eb) => eb.or([containing('wrong', filter.key ?? ''), containing('right', filter.key ?? '')])))
    .$if(filter.severity !== undefined, (q) => q.where('severity', '=', filter.severity ?? 'normal'));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.select(columns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toWrongWord), total: Number(total) };
}

export async function findWrongWord({ db }: Database, id: number): Promise<WrongWord | undefined> {
  const row = await db.selectFrom('wrong_words').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toWrongWord(row);
}

/**
 * Why an entry cannot stand, or null: its two forms the same as matching reads them, or the
 * right form holding the wrong one (every corrected text would be found again).
 */
export function entryProblem(wrong: string, right: string): string | null {
  const wrongForm = normaliseWord(wrong);
  const rightForm = normaliseWord(right);
  if (wrongForm === rightForm) return proofreadingMessages.sameForms;
  if (rightForm.includes(wrongForm)) return proofreadingMessages.wrongInRight;
  return null;
}

/** Adds (Id 0) or edits an entry; a wrong form another entry has is refused. */
export async function saveWrongWord(database: Database, body: SaveWrongWordBody, now: number): Promise<{ id: number; wrong: string }> {
  const problem = entryProblem(body.Wrong, body.Right);
  if (problem) throw badRequest(problem);
  const id = await writeWrongWord(database, body, formatCst(now)).catch((error: unknown) => {
    // The unique form decides, so two staff adding the same word at once get the same answer.
    throw isUniqueViolation(error) ? badRequest(proofreadingMessages.wrongTaken) : error;
  });
  dictionaryChanged(database);
  return { id, wrong: body.Wrong };
}

async function writeWrongWord({ db }: Database, body: SaveWrongWordBody, at: string): Promise<number> {
  const values = { wrong: body.Wrong, right: body.Right, severity: body.Severity, form: normaliseWord(body.Wrong), updated_at: at };
  if (body.Id > 0) {
    const { numUpdatedRows } = await db.updateTable('wrong_words').set(values).where('id', '=', body.Id).executeTakeFirst();
    if (numUpdatedRows === 0n) throw notFound(proofreadingMessages.notFound);
    return body.Id;
  }
  const { id } = await db
    .insertInto('wrong_words')
    .values({ ...values, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Deletes entries by id; answers the wrong forms deleted. */
export async function deleteWrongWords(database: Database, ids: readonly number[]): Promise<string[]> {
  const deleted = await database.db.deleteFrom('wrong_words').where('id', 'in', ids).returning('wrong').execute();
  if (deleted.length === 0) throw notFound(proofreadingMessages.notFound);
  dictionaryChanged(database);
  return deleted.map((r) => r.wrong);
}

export type ProofKind = 'wrong' | 'sensitive';

/** A finding of 校对 (ProofFindingDto). */
export interface ProofFinding {
  kind: ProofKind;
  /** As it stands in the text: width and letter case as written, so the editor finds it to replace it. */
  word: string;
  /** The right form; null for a sensitive word. */
  suggestion: string | null;
  /** A sensitive word counts as serious. */
  severity: WrongWordSeverity;
  count: number;
}

/**
 * 校对: the wrong forms of the dictionary and the sensitive words in an article's title and HTML
 * body (tags skipped, entities read: findInHtml's text), each distinct word once with how often
 * it occurs; serious ones first, then the most frequent. Where two entries of one list overlap in
 * the text the longer is found (withoutOverlaps); a wrong word and a sensitive word overlapping
 * are both found, as they ask for different things.
 */
export async function proofread(database: Database, article: { title: string; html: string }): Promise<ProofFinding[]> {
  const [dictionary, sensitive] = await Promise.all([dictionaryOf(database), sensitiveMatcher(database)]);
  const found = new Map<string, ProofFinding>();
  const add = (text: string, m: Match, finding: Omit<ProofFinding, 'word' | 'count'>) => {
    const word = text.slice(m.start, m.end);
    const key = `${finding.kind}\u0000${word}`;
    const known = found.get(key);
    if (known) known.count += 1;
    else found.set(key, { ...finding, word, count: 1 });
  };
  for (const text of [article.title, textOfHtml(article.html)]) {
    for (const m of withoutOverlaps(dictionary.matcher.find(text))) {
      const entry = dictionary.entries.get(m.word);
      if (entry) add(text, m, { kind: 'wrong', suggestion: entry.right, severity: entry.severity });
    }
    if (sensitive.size === 0) continue;
    for (const m of withoutOverlaps(sensitive.find(text))) add(text, m, { kind: 'sensitive', suggestion: null, severity: 'serious' });
  }
  // Of two alike a wrong word comes before a sensitive one, then by the word's code units, so the
  // order is stable (localeCompare took a third of a long article's check).
  const lighter = (f: ProofFinding) => (f.severity === 'serious' ? 0 : 1);
  const listed = (f: ProofFinding) => (f.kind === 'wrong' ? 0 : 1);
  const byWord = (a: ProofFinding, b: ProofFinding) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  return [...found.values()].sort((a, b) => lighter(a) - lighter(b) || b.count - a.count || listed(a) - listed(b) || byWord(a, b));
}
