import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * PostgreSQL's news_search (019) indexed character pairs only, so a key of one character was a
 * LIKE scan of every article, and a longer key's candidates were checked with LIKE against
 * `news.body_text`, a join reading all of `news` (250–650 ms at 100,000 articles for 风险管 or
 * 工程质量). The index now holds every distinct run of one to four characters (search_grams()),
 * so a key of up to four characters is found by the index alone, exactly, and a longer one is
 * checked against the text kept in news_search itself (out of line, read for candidates only).
 *
 * news_search keeps 019's rows (id, sort_key, menu_id, title), with the texts instead of their
 * pairs: `body` the text of a public article, `member_body` that of a member-only one (only
 * members' searches read it), each GIN-indexed by search_grams(). The trigger of 019 keeps it,
 * with a new function; the padding that moves the texts out of line is as in 019.
 */
export const searchGrams: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'postgres') return;
    // The runs of 1 to GRAM_CHARS characters of lower(t) (ILIKE compares lowered texts), a
    // run per position and length: unnest() walks the characters and the same array shifted by
    // one, two and three at once. Repeats are left in (a GIN index keeps each key once per row)
    // and nothing is sorted: a first form, with lead() over a window and DISTINCT, took 1.3 to 5
    // times as long per text (on a busy machine).
    await sql`CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(g), '{}') FROM (SELECT string_to_array(lower(t), NULL) AS a) s,
        unnest(s.a, s.a[2:], s.a[3:], s.a[4:]) AS u(c1, c2, c3, c4),
        LATERAL (VALUES (c1), (c1 || c2), (c1 || c2 || c3), (c1 || c2 || c3 || c4)) AS v(g)
      WHERE g IS NOT NULL
    $$`.execute(db);
    // What a search asks the index for: the key's runs of its own length, up to GRAM_CHARS (a
    // text holding those holds the shorter ones too, whose long lists would only cost time).
    await sql`CREATE FUNCTION search_key_grams(k text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(g), '{}') FROM unnest(search_grams(k)) AS g WHERE length(g) = least(length(lower(k)), ${sql.lit(GRAM_CHARS)})
    $$`.execute(db);
    await sql`DROP TABLE news_search`.execute(db);
    await sql`DROP FUNCTION search_pairs(text)`.execute(db);
    await sql`CREATE TABLE news_search (
      id integer PRIMARY KEY,
      sort_key bigint NOT NULL,
      menu_id integer NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      member_body text NOT NULL,
      pad text NOT NULL DEFAULT repeat(' ', 2048)
    ) WITH (toast_tuple_target = 128)`.execute(db);
    await sql`ALTER TABLE news_search ALTER COLUMN title SET STORAGE PLAIN`.execute(db);
    await fillNewsSearch(db);
    // 019's trigger stays and calls this. OLD is null on an insert and NEW on a delete.
    await sql`CREATE OR REPLACE FUNCTION news_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM news_search WHERE id = OLD.id;
        ${insertPublished('new')};
        RETURN NULL;
      END
    $$`.execute(db);
  },
});

/**
 * Fills an empty news_search, without indexes but its primary key, from every row of `news` and
 * builds its indexes once, as a bulk load should: the bench's copy of 100,000 articles, with the
 * trigger keeping the index row by row, took ten minutes. Runs in a transaction (SET LOCAL).
 */
export async function fillNewsSearch(db: QueryExecutorProvider): Promise<void> {
  await insertPublished('news').execute(db);
  await sql`CREATE UNIQUE INDEX news_search_order ON news_search (sort_key)`.execute(db);
  // Building a GIN index sorts its keys in this much memory, then merges runs from disk.
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
  for (const column of ['title', 'body', 'member_body']) {
    await sql`CREATE INDEX ${sql.id(`news_search_${column}`)} ON news_search USING gin (search_grams(${sql.id(column)}))`.execute(db);
  }
  await sql`ANALYZE news_search`.execute(db);
}

/** The longest runs of characters indexed: a key of up to this many is found by the index alone. */
export const GRAM_CHARS = 4;
/** ArticleStatus.Published, as this migration indexes it (a shipped migration keeps its own copy). */
const PUBLISHED = 1;
const COLUMNS = sql.raw('id, sort_key, menu_id, title, body, member_body');

/** Indexes the article `r` (every row of `news`, or the trigger's NEW) if it is published. */
function insertPublished(r: 'news' | 'new') {
  return sql`INSERT INTO news_search (${COLUMNS}) SELECT ${row(r)} ${r === 'news' ? sql`FROM news` : sql``} WHERE ${sql.raw(r)}.status = ${sql.lit(PUBLISHED)}`;
}

/** The values of one news_search row for the article `r`. */
function row(r: 'news' | 'new') {
  const column = (name: string) => sql.raw(`${r}.${name}`);
  const member = sql`${column('is_member_read')} <> 0`;
  return sql.join([
    column('id'),
    sql`search_sort_key(${column('news_create_time')}, ${column('id')})`,
    column('menu_id'),
    column('title'),
    sql`CASE WHEN ${member} THEN '' ELSE ${column('body_text')} END`,
    sql`CASE WHEN ${member} THEN ${column('body_text')} ELSE '' END`,
  ]);
}
