import { sql, type Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { notNullDefault, withId } from './helpers.js';

/**
 * 表单与问卷, 投票 (features/forms): a form's settings and its definition (the ordered fields as
 * one JSON document, docs/decisions.md "Forms: one JSON definition"), its responses, who has
 * responded, and the free-text answers apart so they can be searched and paged.
 *
 * form_respondents is how one response per member holds on every engine and instance: its key
 * (form, member) takes a member once, in the transaction that stores the response. It carries
 * no time and no response id, so an anonymous response (stored without member or address)
 * cannot be joined back to its member through it.
 */
export const forms: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('forms'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', notNullDefault(''))
      // 'form', 'survey', 'vote'.
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      // 'public', 'members', 'levels', 'standing'; levels as "3,7".
      .addColumn('audience', 'varchar(10)', (c) => c.notNull())
      .addColumn('levels', 'varchar(1000)', notNullDefault(''))
      // CST times; '' no bound. The window includes its start and excludes its end.
      .addColumn('open_time', 'varchar(19)', notNullDefault(''))
      .addColumn('close_time', 'varchar(19)', notNullDefault(''))
      .addColumn('once_per_member', 'integer', notNullDefault(1))
      .addColumn('anonymous', 'integer', notNullDefault(0))
      .addColumn('response_limit', 'integer', notNullDefault(0))
      .addColumn('publish_summary', 'integer', notNullDefault(0))
      .addColumn('results_visible', 'varchar(10)', notNullDefault('after'))
      // 1 open, 0 closed.
      .addColumn('status', 'integer', notNullDefault(0))
      // The fields, JSON (FormField[] of @portal/shared), and its version.
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', notNullDefault(1))
      // Kept with each response in the same transaction: the limit is checked against it.
      .addColumn('response_count', 'integer', notNullDefault(0))
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
      .execute();

    await withId(engine, db.schema.createTable('form_responses'))
      .addColumn('form_id', 'integer', (c) => c.notNull())
      .addColumn('form_version', 'integer', (c) => c.notNull())
      // 0, '' for visitors and for anonymous forms; the level and region as they were when answering.
      .addColumn('member_id', 'integer', notNullDefault(0))
      .addColumn('member_level_id', 'integer', notNullDefault(0))
      .addColumn('region', 'varchar(50)', notNullDefault(''))
      .addColumn('ip', 'varchar(45)', notNullDefault(''))
      // The answers by field key, JSON (FormAnswers of @portal/shared).
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_responses_form').on('form_responses').columns(['form_id', 'created_at']).execute();
    await db.schema.createIndex('form_responses_member').on('form_responses').columns(['member_id', 'form_id']).execute();

    await db.schema
      .createTable('form_respondents')
      .addColumn('form_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('form_respondents_pk', ['form_id', 'member_id'])
      .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();

    await db.schema
      .createTable('form_texts')
      .addColumn('response_id', 'integer', (c) => c.notNull())
      .addColumn('form_id', 'integer', (c) => c.notNull())
      .addColumn('field_key', 'varchar(32)', (c) => c.notNull())
      .addColumn('text', 'varchar(2000)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_texts_field').on('form_texts').columns(['form_id', 'field_key', 'created_at']).execute();
    await db.schema.createIndex('form_texts_response').on('form_texts').column('response_id').execute();
  },
});
