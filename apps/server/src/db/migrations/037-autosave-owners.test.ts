import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { migrate } from '../migrate.js';

describe.each(engines)('migration 037 on a %s site with autosaves', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '035-preview-generations'));
    // Before 037 the table has no api_token_id (which the types let an insert leave out).
    await database.db
      .insertInto('news_autosaves')
      .values([
        { admin_id: 7, news_id: 0, form: '{"Title":"管理员的草稿"}', saved_at: '2024-06-01 10:00:00' },
        { admin_id: 7, news_id: 12, form: '{"Title":"改了一半"}', saved_at: '2024-06-01 10:01:00' },
        // Some API token's, under the admin id every token shared.
        { admin_id: 0, news_id: 0, form: '{"Title":"哪个令牌的"}', saved_at: '2024-06-01 10:02:00' },
      ])
      .execute();
    await migrate(database);
  });
  afterAll(() => close());

  it("keeps the admins' copies as theirs and drops the one the tokens shared", async () => {
    const rows = await database.db.selectFrom('news_autosaves').selectAll().orderBy('news_id').execute();
    expect(rows).toEqual([
      { admin_id: 7, api_token_id: 0, news_id: 0, form: '{"Title":"管理员的草稿"}', saved_at: '2024-06-01 10:00:00' },
      { admin_id: 7, api_token_id: 0, news_id: 12, form: '{"Title":"改了一半"}', saved_at: '2024-06-01 10:01:00' },
    ]);
  });

  it('keys copies by token too', async () => {
    const copy = (api_token_id: number) => ({ admin_id: 0, api_token_id, news_id: 0, form: '{}', saved_at: '2024-06-01 11:00:00' });
    await database.db
      .insertInto('news_autosaves')
      .values([copy(1), copy(2)])
      .execute();
    await expect(database.db.insertInto('news_autosaves').values(copy(1)).execute()).rejects.toThrow();
  });
});
