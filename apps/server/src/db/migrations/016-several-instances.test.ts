import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../../test/fixtures.js';
import { searchNews } from '../../features/search/service.js';
import { connect, type Database } from '../connection.js';
import { migrate } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 016 on a %s site with articles', (engine) => {
  let database: Database;
  let dataDir: string;
  let menuId: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-016-'));
    database = await connect({
      dataDir,
      databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      databaseSchema: engine === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined,
    });
    const migrationTableSchema =
      engine === 'postgres' ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db)).rows[0]?.schema : undefined;
    const before = await new Migrator({ db: database.db, provider: migrationProvider(engine), migrationTableSchema }).migrateTo('015-credential-keys');
    if (before.error) throw before.error;
    menuId = await insertMenu(database.db, { name: '政策要闻' });
    await insertNews(database.db, { menuId, title: '升级前的文章', content: '<p>正文里的工程质量</p>', newsCreateTime: timeAt(1) });
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const titles = async (key: string) =>
    (await searchNews(database, { key, menuIds: [menuId], isMember: false }, { pageindex: 1, pagesize: 10 })).items.map((n) => n.title);

  it('indexes the articles written before it, and those written after', async () => {
    expect(await titles('升级')).toEqual(['升级前的文章']);
    expect(await titles('工程质量')).toEqual(['升级前的文章']);
    await insertNews(database.db, { menuId, title: '升级后的文章', newsCreateTime: timeAt(2) });
    expect(await titles('级后')).toEqual(['升级后的文章']);
  });
});
