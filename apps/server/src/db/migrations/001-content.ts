import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/** Public content: menus, news, home positions, banners, links, type lists, visit counts, search. */
export const content: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('menus'))
      .addColumn('parent_id', 'integer', notNullDefault(0))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('show_type', 'integer', notNullDefault(0))
      .addColumn('type', 'integer', notNullDefault(1))
      .addColumn('web_url', 'varchar(500)', notNullDefault(''))
      .addColumn('cur_value', 'varchar(50)', notNullDefault(''))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('menus_parent').on('menus').columns(['parent_id', 'sort_number']).execute();
    await db.schema.createIndex('menus_name').on('menus').column('name').execute();

    await withId(engine, db.schema.createTable('news'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', notNullDefault(''))
      .addColumn('body_text', 'text', notNullDefault(''))
      .addColumn('image_url', 'varchar(500)', notNullDefault(''))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('is_top', 'integer', notNullDefault(0))
      .addColumn('is_member_read', 'integer', notNullDefault(0))
      .addColumn('author', 'varchar(100)', notNullDefault(''))
      .addColumn('member_id', 'integer')
      .addColumn('process_item_name', 'varchar(500)', notNullDefault(''))
      .addColumn('views', 'integer', notNullDefault(0))
      .addColumn('news_create_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    // The menu list: WHERE menu_id = ? AND status = 1 ORDER BY is_top DESC, news_create_time DESC.
    await db.schema.createIndex('news_menu_list').on('news').columns(['menu_id', 'status', 'is_top', 'news_create_time', 'id']).execute();
    // Latest news across menus and neighbours by time.
    await db.schema.createIndex('news_status_time').on('news').columns(['status', 'news_create_time', 'id']).execute();
    await db.schema.createIndex('news_member').on('news').columns(['member_id', 'created_at']).execute();

    await withId(engine, db.schema.createTable('positions'))
      .addColumn('seat', 'integer', (c) => c.notNull())
      .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addUniqueConstraint('positions_seat_news', ['seat', 'news_id'])
      .execute();
    await db.schema.createIndex('positions_seat').on('positions').columns(['seat', 'status', 'sort_number']).execute();

    await withId(engine, db.schema.createTable('banners'))
      .addColumn('type', 'integer', notNullDefault(2))
      .addColumn('title', 'varchar(200)', notNullDefault(''))
      .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('jump_url', 'varchar(500)', notNullDefault(''))
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('banners_type').on('banners').columns(['type', 'status', 'sort_number']).execute();

    await withId(engine, db.schema.createTable('friend_links'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    await withId(engine, db.schema.createTable('type_items'))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('sort_number', 'integer', notNullDefault(0))
      .addColumn('status', 'integer', notNullDefault(1))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('type_items_type').on('type_items').columns(['type', 'sort_number']).execute();

    await db.schema
      .createTable('visit_counts')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('count', 'integer', notNullDefault(0))
      .execute();

    // Keyword search: trigram indexes work for Chinese without a word segmenter (migration 016 moved to character pairs: docs/decisions.md).
    if (engine === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE news_fts USING fts5(title, body_text, content='news', content_rowid='id', tokenize='trigram')`.execute(db);
      await sql`CREATE TRIGGER news_fts_insert AFTER INSERT ON news BEGIN
        INSERT INTO news_fts(rowid, title, body_text) VALUES (new.id, new.title, new.body_text); END`.execute(db);
      await sql`CREATE TRIGGER news_fts_delete AFTER DELETE ON news BEGIN
        INSERT INTO news_fts(news_fts, rowid, title, body_text) VALUES ('delete', old.id, old.title, old.body_text); END`.execute(db);
      await sql`CREATE TRIGGER news_fts_update AFTER UPDATE OF title, body_text ON news BEGIN
        INSERT INTO news_fts(news_fts, rowid, title, body_text) VALUES ('delete', old.id, old.title, old.body_text);
        INSERT INTO news_fts(rowid, title, body_text) VALUES (new.id, new.title, new.body_text); END`.execute(db);
    } else {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      await sql`CREATE INDEX news_title_trgm ON news USING gin (title gin_trgm_ops)`.execute(db);
      await sql`CREATE INDEX news_body_trgm ON news USING gin (body_text gin_trgm_ops)`.execute(db);
    }
  },
});
