import type { Kysely } from 'kysely';
import type { EngineMigration } from './index.js';
import { withId } from './helpers.js';

/**
 * 个人信息权利请求 (features/rights): what a member asked of their personal information (查阅复制,
 * 更正补充, 删除), by when it must be answered, and the answer. Kept after it is answered: the
 * record that the right was honoured.
 */
export const rightsRequests: EngineMigration = (engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(engine, db.schema.createTable('rights_requests'))
      .addColumn('member_id', 'integer', (c) => c.notNull())
      // access, correction, deletion (@portal/shared rightsKinds).
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      // 0 办理中, 1 已办结, 2 不予办理.
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
      // China time: the end of the 15th working day after arrival (features/workdays).
      .addColumn('due_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
      .addColumn('handled_at', 'varchar(19)', (c) => c.notNull().defaultTo(''))
      .addColumn('handled_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('rights_requests_member').on('rights_requests').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('rights_requests_status').on('rights_requests').columns(['status', 'due_at']).execute();
  },
});
