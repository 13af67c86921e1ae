import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { insertMenu, insertNews, timeAt } from '../../test/fixtures.js';
import { compiledInsert, compiledRead, limitExpression, pageLimit } from './compiled.js';
import type { DB } from './schema.js';

const titlesIn = (db: Kysely<DB>, ids: readonly number[], menuId: number, newestFirst: boolean) =>
  db
    .selectFrom('news')
    .select(['id', 'title'])
    .where('id', 'in', ids)
    .where('menu_id', '=', menuId)
    .orderBy('news_create_time', newestFirst ? 'desc' : 'asc');

const readTitles = compiledRead((db: Kysely<DB>, { ids, menuId }: { ids: readonly number[]; menuId: number }, { newestFirst }: { newestFirst: boolean }) =>
  titlesIn(db, ids, menuId, newestFirst),
);

describe.each(engines)('a read compiled once (%s)', (engine) => {
  let t: TestApp;
  let db: Kysely<DB>;
  let menus: number[];
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.app.services.database.db;
    menus = [await insertMenu(db, { name: '政策要闻' }), await insertMenu(db, { name: '通知公告' })];
    ids = [];
    for (let i = 0; i < 6; i++) ids.push(await insertNews(db, { menuId: menus[i % 2]!, title: `第${i}篇`, newsCreateTime: timeAt(i) }));
  });
  afterAll(() => t.close());

  it('answers as the builder itself would, for every value, list length and shape', async () => {
    for (const newestFirst of [true, false]) {
      for (const menuId of menus) {
        for (const list of [ids.slice(0, 1), ids.slice(0, 4), ids, ids.slice(2, 5), [ids[5]!, 999_999]]) {
          const own = await titlesIn(db, list, menuId, newestFirst).execute();
          expect(await readTitles(db, { ids: list, menuId }, { newestFirst })).toEqual(own);
        }
      }
    }
    // Sanity: the cases above are not all empty.
    expect(await readTitles(db, { ids, menuId: menus[0]! }, { newestFirst: true })).toHaveLength(3);
  });

  it('writes a small LIMIT into the SQL on SQLite and binds a large one, with the same rows either way', async () => {
    const newest = (d: Kysely<DB>) => d.selectFrom('news').select('title').orderBy('news_create_time', 'desc').orderBy('id', 'desc');
    const readNewest = compiledRead(
      (d: Kysely<DB>, { limit, offset }: { limit: number | undefined; offset: number }, { writtenLimit }: { writtenLimit: number | undefined }) =>
        newest(d).limit(limitExpression(limit, writtenLimit)).offset(offset),
    );
    const texts: string[] = [];
    for (const limit of [2, 50, 51, 1000]) {
      const { bound, written } = pageLimit(limit, engine);
      texts.push(newest(db).limit(limitExpression(bound, written)).offset(1).compile().sql);
      expect(await readNewest(db, { limit: bound, offset: 1 }, { writtenLimit: written })).toEqual(await newest(db).limit(limit).offset(1).execute());
    }
    // On SQLite up to 50 the size is written in; past it (and on PostgreSQL always) it is a
    // parameter: one statement for every size a request may ask.
    if (engine === 'sqlite') {
      expect(texts[0]).toMatch(/limit 2 offset/i);
      expect(texts[1]).toMatch(/limit 50 offset/i);
    } else {
      expect(new Set(texts).size).toBe(1);
    }
    expect(texts[2]).toBe(texts[3]);
    expect(texts[2]).not.toMatch(/limit \d/i);
  });

  it('refuses a builder that reads a value instead of passing it to the query', async () => {
    const frozen = compiledRead((d: Kysely<DB>, { menuId }: { menuId: number }) =>
      d
        .selectFrom('news')
        .select('id')
        .limit(Number(menuId) || 1),
    );
    await expect(frozen(db, { menuId: menus[0]! })).rejects.toThrow(/must be a query parameter/);
  });
});

const insertVisits = compiledInsert('visit_counts', ['day', 'count']);

describe.each(engines)('an insert compiled once (%s)', (engine) => {
  let t: TestApp;
  let db: Kysely<DB>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.app.services.database.db;
  });
  afterAll(() => t.close());

  it('writes every row as given, whatever their number (one statement, then smaller ones)', async () => {
    let written = 0;
    // 1; 3 (2 + 1); 512; 700 (512 + 128 + 32 + 16 + 8 + 4): the chunk sizes, each text made once.
    for (const count of [1, 3, 512, 700, 3]) {
      const rows = Array.from({ length: count }, (_, i) => ({ day: `d${String(written + i).padStart(6, '0')}`, count: written + i }));
      await insertVisits(db, rows);
      written += count;
    }
    const stored = await db.selectFrom('visit_counts').select(['day', 'count']).orderBy('day').execute();
    expect(stored).toHaveLength(written);
    expect(stored.every((row, i) => row.day === `d${String(i).padStart(6, '0')}` && Number(row.count) === i)).toBe(true);
  });
});
