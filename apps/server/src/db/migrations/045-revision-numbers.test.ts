import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { migrate } from '../migrate.js';

describe.each(engines)('migration 045 on a %s site with revisions', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '041-recovery-code-use'));
    const revision = (news_id: number, version: number) => ({
      news_id,
      version,
      kind: 2,
      summary: '标题',
      restored_from: null,
      admin_id: null,
      admin_account: 'admin',
      member_id: null,
      member_name: '',
      menu_id: 1,
      title: `第${version}版`,
      content: '',
      image_url: '',
      status: 1,
      is_top: 0,
      is_member_read: 0,
      author: '',
      news_create_time: '2024-06-01 10:00:00',
      offline_at: '',
      created_at: '2024-06-01 10:00:00',
    });
    // Two articles' revisions interleaved, their versions with gaps (the publishing clock raised them).
    for (const [newsId, version] of [
      [1, 1],
      [2, 1],
      [1, 4],
      [2, 2],
      [1, 7],
    ] as const) {
      await database.db.insertInto('news_revisions').values(revision(newsId, version)).execute();
    }
    await migrate(database);
  });
  afterAll(() => close());

  it('numbers each article’s revisions in the order they were saved', async () => {
    const rows = await database.db.selectFrom('news_revisions').select(['news_id', 'version', 'number']).orderBy('id').execute();
    expect(rows.map((r) => [r.news_id, r.version, r.number])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [1, 4, 2],
      [2, 2, 2],
      [1, 7, 3],
    ]);
  });
});
