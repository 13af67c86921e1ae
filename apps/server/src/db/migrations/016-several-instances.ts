import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';

/**
 * For large sites and several instances:
 * - keyword search by character pairs (features/search/bigrams.ts), so keys of two characters
 *   use an index too: the trigram indexes of 001 only served keys of three or more, and a
 *   two-character key read every article. Replaces those trigram indexes.
 * - on PostgreSQL, the rate-limit counters every instance shares when no Redis is configured
 *   (http/rate-limit-counters.ts). A single SQLite instance counts in memory.
 */
export const severalInstances: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'sqlite') {
      await sqliteIndex(db);
    } else {
      await postgresIndex(db);
      await db.schema
        .createTable('rate_limit_counters')
        // Limiter, route and client address.
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // Epoch milliseconds at which the window ends and the count starts again.
        .addColumn('resets_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_resets_at').on('rate_limit_counters').column('resets_at').execute();
    }
  },
});

/**
 * An FTS5 table of pair tokens, kept by triggers on every write of an article (editors,
 * contributions, imports, the seed). Contentless: it keeps no copy of the text, only the
 * index; contentless_delete lets the triggers delete by rowid.
 */
async function sqliteIndex(db: Kysely<unknown>) {
  for (const trigger of ['news_fts_insert', 'news_fts_delete', 'news_fts_update']) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  await sql`DROP TABLE news_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE news_bigrams USING fts5(title, body, content='', contentless_delete=1, tokenize='ascii')`.execute(db);
  await sql`INSERT INTO news_bigrams(rowid, title, body) SELECT id, bigram_tokens(title), bigram_tokens(body_text) FROM news`.execute(db);
  const insert = sql`INSERT INTO news_bigrams(rowid, title, body) VALUES (new.id, bigram_tokens(new.title), bigram_tokens(new.body_text));`;
  await sql`CREATE TRIGGER news_bigrams_insert AFTER INSERT ON news BEGIN ${insert} END`.execute(db);
  await sql`CREATE TRIGGER news_bigrams_delete AFTER DELETE ON news BEGIN DELETE FROM news_bigrams WHERE rowid = old.id; END`.execute(db);
  await sql`CREATE TRIGGER news_bigrams_update AFTER UPDATE OF title, body_text ON news BEGIN
    DELETE FROM news_bigrams WHERE rowid = old.id; ${insert} END`.execute(db);
}

/**
 * GIN indexes on the set of pairs of each column, computed by PostgreSQL itself, so every
 * write keeps them without triggers. lower() matches how ILIKE compares (search verifies
 * candidates with LIKE/ILIKE).
 */
async function postgresIndex(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT substr(l, i, 2)), '{}') FROM (SELECT lower(t) AS l) s, generate_series(1, length(l) - 1) AS i
  $$`.execute(db);
  await sql`DROP INDEX news_title_trgm`.execute(db);
  await sql`DROP INDEX news_body_trgm`.execute(db);
  await sql`CREATE INDEX news_title_bigrams ON news USING gin (bigrams(title))`.execute(db);
  await sql`CREATE INDEX news_body_bigrams ON news USING gin (bigrams(body_text))`.execute(db);
}
