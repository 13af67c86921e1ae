import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { deliverToInbox, inboxReadCounts } from './deliver.js';
import { readMessage } from './service.js';

const AT = '2024-06-17 10:00:00';
const NOW = Date.UTC(2024, 5, 17, 3, 0, 0);

describe.each(engines)('站内信 delivery on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.app.services.database.db;

  it('delivers a mailing of more rows than one statement binds, each unread, its html sanitised', async () => {
    const items = Array.from({ length: 1234 }, (_, i) => ({
      memberId: 10_000 + i,
      title: '2024年会费缴纳通知',
      html: '<p onclick="steal()">请于<strong>6月30日</strong>前缴纳<script>alert(1)</script></p>',
      category: '会费',
      mailingId: 7,
    }));
    await db()
      .transaction()
      .execute((trx) => deliverToInbox(trx, items, AT));
    const rows = await db().selectFrom('inbox_messages').selectAll().where('mailing_id', '=', 7).orderBy('id').execute();
    expect(rows).toHaveLength(1234);
    expect(rows[0]).toMatchObject({ member_id: 10_000, title: '2024年会费缴纳通知', category: '会费', created_at: AT, read_at: '' });
    expect(rows[0]!.html).toBe('<p>请于<strong>6月30日</strong>前缴纳</p>');
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(1234);
  });

  it('refuses a category of its own and writes nothing then', async () => {
    const before = await db()
      .selectFrom('inbox_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(deliverToInbox(db(), [{ memberId: 1, title: 't', html: '', category: '广告', mailingId: null }], AT)).rejects.toThrow(/unknown category/);
    const after = await db()
      .selectFrom('inbox_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rolls back with the transaction that delivered', async () => {
    const delivering = db()
      .transaction()
      .execute(async (trx) => {
        await deliverToInbox(trx, [{ memberId: 1, title: '撤回的通知', html: '<p>x</p>', category: '通知公告', mailingId: 8 }], AT);
        throw new Error('the mailing failed');
      });
    await expect(delivering).rejects.toThrow('the mailing failed');
    expect((await inboxReadCounts(db(), [8])).size).toBe(0);
  });

  it('counts delivered and read messages per mailing', async () => {
    await deliverToInbox(
      db(),
      [1, 2, 3].map((memberId) => ({ memberId, title: '理事会通知', html: '<p>开会</p>', category: '通知公告', mailingId: 9 })),
      AT,
    );
    await deliverToInbox(db(), [{ memberId: 1, title: '问卷', html: '<p>填写</p>', category: '调查', mailingId: null }], AT);
    const ofMember = (memberId: number) =>
      db().selectFrom('inbox_messages').select('id').where('mailing_id', '=', 9).where('member_id', '=', memberId).executeTakeFirstOrThrow();
    await readMessage(db(), 1, (await ofMember(1)).id, NOW);
    await readMessage(db(), 2, (await ofMember(2)).id, NOW);
    // Read twice: counted once.
    await readMessage(db(), 2, (await ofMember(2)).id, NOW);

    const counts = await inboxReadCounts(db(), [7, 9, 9, 404]);
    expect(counts.get(9)).toEqual({ delivered: 3, read: 2 });
    expect(counts.get(7)).toEqual({ delivered: 1234, read: 0 });
    // A mailing that delivered nothing is absent, as is asking for none.
    expect(counts.has(404)).toBe(false);
    expect((await inboxReadCounts(db(), [])).size).toBe(0);
  });
});
