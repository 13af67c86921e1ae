import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * The search index in the order results are shown, so a page of matches and their count come
 * from FTS5 alone, without handing every match to JavaScript or joining `news` to filter
 * (features/search/service.ts). Replaces news_bigrams of 016; SQLite only (PostgreSQL keeps
 * its pair indexes).
 *
 * news_search holds the published articles only, one row each, with:
 * - rowid: the sort key, see searchKey below: the newest article has the highest rowid, so
 *   ORDER BY rowid DESC is the result order, and a rowid range is a stretch of that order;
 * - title, body, member_body: pair and character tokens (search_tokens()); a member-only article's text is in
 *   member_body, which only members' searches read, a public article's in body;
 * - facets: the token `m<menu id>`, so a search keeps to its menus inside FTS5.
 * Triggers keep it in the writing transaction: a write to any of these inputs, or to status,
 * deletes the old row (if it was published) and inserts the new one (if it is published).
 */
export const searchOrder: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'sqlite') return;
    for (const trigger of ['news_bigrams_insert', 'news_bigrams_delete', 'news_bigrams_update']) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
    await sql`DROP TABLE news_bigrams`.execute(db);
    await sql`CREATE VIRTUAL TABLE news_search USING fts5(title, body, member_body, facets, content='', contentless_delete=1, tokenize='ascii')`.execute(db);
    await sql`INSERT INTO news_search(rowid, title, body, member_body, facets) SELECT ${row('news')} FROM news WHERE status = ${sql.lit(PUBLISHED)}`.execute(
      db,
    );
    const insert = sql`INSERT INTO news_search(rowid, title, body, member_body, facets) SELECT ${row('new')} WHERE new.status = ${sql.lit(PUBLISHED)};`;
    const remove = sql`DELETE FROM news_search WHERE rowid = ${searchKey('old')} AND old.status = ${sql.lit(PUBLISHED)};`;
    await sql`CREATE TRIGGER news_search_insert AFTER INSERT ON news BEGIN ${insert} END`.execute(db);
    await sql`CREATE TRIGGER news_search_delete AFTER DELETE ON news BEGIN ${remove} END`.execute(db);
    await sql`CREATE TRIGGER news_search_update
      AFTER UPDATE OF id, title, body_text, status, menu_id, is_member_read, news_create_time ON news
      BEGIN ${remove} ${insert} END`.execute(db);
  },
});

/** ArticleStatus.Published, as this migration indexes it (a shipped migration keeps its own copy). */
const PUBLISHED = 1;

/**
 * The id is the low 31 bits of the sort key: features/search reads `rowid & SEARCH_ID_MASK`.
 * Article ids are below 2^31 (they count up from 1; lists already keep them as Int32).
 */
export const SEARCH_ID_BITS = 31;
export const SEARCH_ID_MASK = 2 ** SEARCH_ID_BITS - 1;

/**
 * Seconds since 1970 of news_create_time take the other 32 bits and the sign: keys fit a
 * signed 64-bit rowid for any time from 1833 to 2106, and ordering by key is ordering by
 * (news_create_time, id) as the lists do, since the stored time is `YYYY-MM-DD HH:MM:SS`
 * (both the editor and the contributions write that). A time outside that range is held at
 * its end; one in any other form (only a hand edit could write it) counts as the oldest:
 * both are still found, ordered by id among themselves. The GLOB also keeps unixepoch()
 * deterministic (it reads 'now' as the clock), so the delete trigger finds the key it inserted.
 */
const SECONDS_LIMIT = 2 ** 32;

function searchKey(r: 'news' | 'new' | 'old') {
  const time = sql.ref(`${r}.news_create_time`);
  const seconds = sql`CASE WHEN ${time} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]' THEN unixepoch(${time}) END`;
  const low = sql.lit(-SECONDS_LIMIT);
  const held = sql`max(${low}, min(${sql.lit(SECONDS_LIMIT - 1)}, coalesce(${seconds}, ${low})))`;
  return sql`(${held} * ${sql.lit(2 ** SEARCH_ID_BITS)} + ${sql.ref(`${r}.id`)})`;
}

/** The values of one news_search row for the article `r`. */
function row(r: 'news' | 'new') {
  const column = (name: string) => sql.ref(`${r}.${name}`);
  const member = sql`${column('is_member_read')} <> 0`;
  return sql.join([
    searchKey(r),
    sql`search_tokens(${column('title')})`,
    sql`CASE WHEN ${member} THEN '' ELSE search_tokens(${column('body_text')}) END`,
    sql`CASE WHEN ${member} THEN search_tokens(${column('body_text')}) ELSE '' END`,
    sql`'m' || ${column('menu_id')}`,
  ]);
}
