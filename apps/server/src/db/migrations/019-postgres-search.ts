import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { SEARCH_ID_BITS } from './018-search-order.js';

/**
 * PostgreSQL's search index, laid out like SQLite's news_search of 018 so a search counts and
 * pages its matches without reading `news` (features/search/service.ts). Counting through
 * the GIN indexes of 016 visited a heap row of `news` per match (138 MB at 100,000 articles,
 * about 300 ms for a key found in most of them); this table's rows hold no HTML nor text and
 * no pairs (those are out of line), a tenth of the pages.
 *
 * news_search holds the published articles only, one row each, with:
 * - id, menu_id;
 * - sort_key: seconds of news_create_time × 2³¹ + id, as SQLite's rowid, so ORDER BY sort_key
 *   DESC is the result order and a stretch of keys (sort_key >> n) is a stretch of that order;
 * - title: the title itself, GIN-indexed by its pairs (search_pairs());
 * - body, member_body: the distinct pairs of the text, a member-only article's in member_body,
 *   which only members' searches read, a public one's in body.
 * A trigger keeps it in the writing transaction. The pair indexes on `news` of 016 are dropped:
 * nothing reads them any more, and every write of an article paid for them.
 */
export const postgresSearch: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'postgres') return;
    // The pairs of lower(t), as bigrams() of 016, in one pass over the characters: bigrams()
    // took substr() at each position, which walks the string from its start every time (UTF-8),
    // and spent 2 ms on an article of 240 characters; this takes a fifth of that.
    await sql`CREATE FUNCTION search_pairs(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT p), '{}') FROM (
        SELECT c || lead(c) OVER (ORDER BY i) AS p FROM unnest(string_to_array(lower(t), NULL)) WITH ORDINALITY AS u(c, i)
      ) s WHERE p IS NOT NULL
    $$`.execute(db);
    // Seconds since 1970 of a `YYYY-MM-DD HH:MM:SS` time, held within the 32 bits (and sign)
    // the key gives them; any other value (only a hand edit writes one) counts as the oldest,
    // as on SQLite (018).
    await sql`CREATE FUNCTION search_sort_key(t text, id integer) RETURNS bigint LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE seconds bigint := ${sql.lit(-SECONDS_LIMIT)};
      BEGIN
        IF t ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' THEN
          BEGIN
            seconds := greatest(${sql.lit(-SECONDS_LIMIT)}, least(${sql.lit(SECONDS_LIMIT - 1)}, floor(extract(epoch FROM t::timestamp))::bigint));
          EXCEPTION WHEN others THEN
            -- 2024-02-30 and the like: not a time.
            seconds := ${sql.lit(-SECONDS_LIMIT)};
          END;
        END IF;
        RETURN seconds * ${sql.lit(2 ** SEARCH_ID_BITS)} + id;
      END
    $$`.execute(db);
    // The title is kept as text (never moved out of line, at most 200 characters), so a count
    // tells title matches with LIKE on the row it already reads; its pairs are only indexed.
    // The texts' pairs are stored, and moved out of line (to the TOAST table, which a count
    // never reads) on every row: PostgreSQL only does that to a row over 2 kB, so `pad`, a
    // run of spaces that compresses to nothing, takes every row past it, and toast_tuple_target
    // has the pairs moved out until the row is small. Rows are then about 150 bytes, not 900.
    await sql`CREATE TABLE news_search (
      id integer PRIMARY KEY,
      sort_key bigint NOT NULL,
      menu_id integer NOT NULL,
      title text NOT NULL,
      body text[] NOT NULL,
      member_body text[] NOT NULL,
      pad text NOT NULL DEFAULT repeat(' ', 2048)
    ) WITH (toast_tuple_target = 128)`.execute(db);
    await sql`ALTER TABLE news_search ALTER COLUMN title SET STORAGE PLAIN`.execute(db);
    await sql`INSERT INTO news_search (${COLUMNS}) SELECT ${row('news')} FROM news WHERE status = ${sql.lit(PUBLISHED)}`.execute(db);
    await sql`CREATE UNIQUE INDEX news_search_order ON news_search (sort_key)`.execute(db);
    await sql`CREATE INDEX news_search_title ON news_search USING gin (search_pairs(title))`.execute(db);
    for (const column of ['body', 'member_body']) {
      await sql`CREATE INDEX ${sql.id(`news_search_${column}`)} ON news_search USING gin (${sql.id(column)})`.execute(db);
    }
    await sql`CREATE FUNCTION news_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM news_search WHERE id = OLD.id;
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.status = ${sql.lit(PUBLISHED)} THEN
          INSERT INTO news_search (${COLUMNS}) VALUES (${row('new')});
        END IF;
        RETURN NULL;
      END
    $$`.execute(db);
    await sql`CREATE TRIGGER news_search_sync
      AFTER INSERT OR DELETE OR UPDATE OF id, title, body_text, status, menu_id, is_member_read, news_create_time ON news
      FOR EACH ROW EXECUTE FUNCTION news_search_sync()`.execute(db);
    await sql`DROP INDEX news_title_bigrams`.execute(db);
    await sql`DROP INDEX news_body_bigrams`.execute(db);
    await sql`ANALYZE news_search`.execute(db);
  },
});

/** ArticleStatus.Published, as this migration indexes it (a shipped migration keeps its own copy). */
const PUBLISHED = 1;
const SECONDS_LIMIT = 2 ** 32;
const COLUMNS = sql.raw('id, sort_key, menu_id, title, body, member_body');

/** The values of one news_search row for the article `r` (a table alias or the trigger's NEW). */
function row(r: 'news' | 'new') {
  const column = (name: string) => sql.raw(`${r}.${name}`);
  const member = sql`${column('is_member_read')} <> 0`;
  return sql.join([
    column('id'),
    sql`search_sort_key(${column('news_create_time')}, ${column('id')})`,
    column('menu_id'),
    column('title'),
    sql`CASE WHEN ${member} THEN '{}' ELSE search_pairs(${column('body_text')}) END`,
    sql`CASE WHEN ${member} THEN search_pairs(${column('body_text')}) ELSE '{}' END`,
  ]);
}
