import { sql, type Kysely } from 'kysely';
import { notNullDefault } from './helpers.js';
import type { EngineMigration } from './index.js';

/**
 * An article's preview generation (features/news/preview.ts): every preview link signs the
 * generation it was made in, so raising it ends all of the article's links at once. Raised by
 * 收回预览链接 and by every take-down. The take-down is a trigger, not code in each writer,
 * because an article is closed by many paths (下线, 批量下线, 定时下线, the editor's 停用, a
 * review approved past its take-down time) and a link must end whichever one was taken.
 */
export const previewGenerations: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('news').addColumn('preview_generation', 'integer', notNullDefault(0)).execute();
    // ArticleStatus.Closed (停用), written out: a migration says what it did when it shipped.
    const closed = sql.lit(0);
    if (engine === 'sqlite') {
      await sql`CREATE TRIGGER news_preview_take_down AFTER UPDATE OF status ON news
        WHEN new.status = ${closed} AND old.status <> ${closed}
        BEGIN UPDATE news SET preview_generation = preview_generation + 1 WHERE id = new.id; END`.execute(db);
    } else {
      await sql`CREATE FUNCTION news_preview_take_down() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.preview_generation := OLD.preview_generation + 1; RETURN NEW; END $$`.execute(db);
      await sql`CREATE TRIGGER news_preview_take_down BEFORE UPDATE OF status ON news FOR EACH ROW
        WHEN (NEW.status = ${closed} AND OLD.status <> ${closed}) EXECUTE FUNCTION news_preview_take_down()`.execute(db);
    }
  },
});
