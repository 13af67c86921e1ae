import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { searchNews } from '../../features/search/service.js';
import { migrate } from '../migrate.js';

describe.each(engines)('migration 016 on a %s site with articles', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  let menuId: number;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '015-credential-keys'));
    menuId = await insertMenu(database.db, { name: '政策要闻' });
    await insertNews(database.db, { menuId, title: '升级前的文章', content: '<p>正文里的工程质量</p>', newsCreateTime: timeAt(1) });
    await migrate(database);
  });
  afterAll(() => close());

  const titles = async (key: string) =>
    (await searchNews(database, { key, menuIds: [menuId], isMember: false }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);

  it('indexes the articles written before it, and those written after', async () => {
    expect(await titles('升级')).toEqual(['升级前的文章']);
    expect(await titles('工程质量')).toEqual(['升级前的文章']);
    await insertNews(database.db, { menuId, title: '升级后的文章', newsCreateTime: timeAt(2) });
    expect(await titles('级后')).toEqual(['升级后的文章']);
  });
});
