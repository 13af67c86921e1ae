import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/harness.js';
import { databaseAt } from '../../../test/migrated.js';
import type { Database } from '../connection.js';
import { migrate } from '../migrate.js';

/** Migration 049 moves the suggestion box's rows into 在线留言 under their own ids, read state and all. */
describe.each(engines)('migration 049 on a %s site with suggestions', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '048-work-calendar'));
    const suggestion = (mobile: string, content: string, read_at: string, created_at: string) =>
      sql`INSERT INTO proposals (mobile, content, ip, is_read, read_at, created_at) VALUES (${mobile}, ${content}, '10.0.0.1', ${read_at ? 1 : 0}, ${read_at}, ${created_at})`.execute(
        database.db,
      );
    await suggestion('13812345678', '希望增加培训场次，并且在周末安排一些线上课程，方便外地会员参加', '', '2024-06-01 10:00:00');
    await suggestion('13900001111', '建议公布会费使用情况', '2024-06-03 09:00:00', '2024-06-02 11:00:00');
    await sql`DELETE FROM proposals WHERE mobile = '13812345678'`.execute(database.db);
    await suggestion('13700000000', '第三条', '', '2024-06-04 12:00:00');
    await migrate(database);
  });
  afterAll(() => close());

  it('keeps every suggestion as a message of 建议, with its id, phone, text, read state and time', async () => {
    const rows = await database.db
      .selectFrom('messages as m')
      .innerJoin('message_categories as c', 'c.id', 'm.category_id')
      .select(['m.id', 'c.name', 'm.origin', 'm.phone', 'm.subject', 'm.content', 'm.read_at', 'm.created_at', 'm.state', 'm.due_at', 'm.query_code'])
      .orderBy('m.id')
      .execute();
    expect(rows.map((r) => [r.id, r.name, r.origin, r.phone, r.content, r.read_at, r.created_at, r.state, r.due_at])).toEqual([
      [2, '建议', 'propose', '13900001111', '建议公布会费使用情况', '2024-06-03 09:00:00', '2024-06-02 11:00:00', 0, '2024-06-09 11:00:00'],
      [3, '建议', 'propose', '13700000000', '第三条', '', '2024-06-04 12:00:00', 0, '2024-06-11 12:00:00'],
    ]);
    expect(new Set(rows.map((r) => r.query_code)).size).toBe(2);
    expect(rows[0]?.subject).toBe('建议公布会费使用情况');
  });

  it('drops proposals and numbers new messages after the moved ones', async () => {
    await expect(sql`SELECT COUNT(*) FROM proposals`.execute(database.db)).rejects.toThrow();
    const { id } = await database.db
      .insertInto('messages')
      .values({ query_code: 'NEW', category_id: 1, origin: 'web', subject: '新', content: '新', due_at: '', created_at: '', updated_at: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(4);
  });
});
