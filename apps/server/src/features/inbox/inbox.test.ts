import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessageDto, ListDto } from '@portal/shared';
import { createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { deliverToInbox } from './deliver.js';

const MEMBER_SESSION = { Code: 401, Data: null };
const NOT_FOUND = { Code: 404, Message: '站内信不存在', Data: null };

describe.each(engines)('站内信 member calls on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    const admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    for (const account of ['reader', 'neighbour']) {
      ids[account] = await addMember(t, admin, types, account);
      tokens[account] = await loginMember(t, account);
    }
    const deliver = (memberId: number, title: string, category: string, at: string) =>
      deliverToInbox(t.app.services.database.db, [{ memberId, title, html: `<p>${title}</p>`, category, mailingId: null }], at);
    await deliver(ids.reader!, '年会通知', '活动', '2024-06-01 09:00:00');
    await deliver(ids.reader!, '会费缴纳提醒', '会费', '2024-06-02 09:00:00');
    await deliver(ids.reader!, '满意度调查', '调查', '2024-06-03 09:00:00');
    await deliver(ids.neighbour!, '另一会员的通知', '通知公告', '2024-06-03 09:00:00');
  });
  afterAll(() => t.close());

  const inbox = async (account: string, query = '') => (await publicCall<ListDto<InboxMessageDto>>(t, tokens[account], 'GET', `GetMyInbox${query}`)).Data;
  const unread = async (account: string) => (await publicCall<number>(t, tokens[account], 'GET', 'GetInboxUnreadCount')).Data;

  it('lists a member their own messages, newest first and paged, each unread', async () => {
    const page = await inbox('reader', '?pageindex=1&pagesize=2');
    expect(page.TotalCount).toBe(3);
    expect(page.List.map((m) => m.Title)).toEqual(['满意度调查', '会费缴纳提醒']);
    expect(page.List[0]).toEqual({
      Id: expect.any(Number),
      Title: '满意度调查',
      Category: '调查',
      Html: '<p>满意度调查</p>',
      CreateTime: '2024-06-03 09:00:00',
      Read: false,
      ReadTime: '',
    });
    expect((await inbox('reader', '?pageindex=2&pagesize=2')).List.map((m) => m.Title)).toEqual(['年会通知']);
    expect(await unread('reader')).toBe(3);
    expect(await unread('neighbour')).toBe(1);
  });

  it('marks one read: the count drops, the unread filter leaves it out, reading again keeps the first time', async () => {
    const [newest] = (await inbox('reader')).List;
    const read = await publicCall(t, tokens.reader, 'POST', 'ReadInboxMessage', { Id: newest!.Id });
    expect(read).toMatchObject({ Code: 200 });
    expect(await unread('reader')).toBe(2);
    const unreadOnly = await inbox('reader', '?unread=1');
    expect(unreadOnly.TotalCount).toBe(2);
    expect(unreadOnly.List.map((m) => m.Title)).toEqual(['会费缴纳提醒', '年会通知']);
    const marked = (await inbox('reader')).List[0]!;
    expect(marked).toMatchObject({ Id: newest!.Id, Read: true });
    expect(marked.ReadTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await publicCall(t, tokens.reader, 'POST', 'ReadInboxMessage', { Id: newest!.Id });
    expect((await inbox('reader')).List[0]!.ReadTime).toBe(marked.ReadTime);
  });

  it("refuses another member's message as one that does not exist, and an id of no message", async () => {
    const [theirs] = (await inbox('neighbour')).List;
    expect(await publicCall(t, tokens.reader, 'POST', 'ReadInboxMessage', { Id: theirs!.Id })).toEqual(NOT_FOUND);
    expect(await publicCall(t, tokens.reader, 'POST', 'ReadInboxMessage', { Id: 999_999 })).toEqual(NOT_FOUND);
    expect((await publicCall(t, tokens.reader, 'POST', 'ReadInboxMessage', { Id: 'abc' })).Code).toBe(400);
    expect(await unread('neighbour')).toBe(1);
  });

  it("marks all of a member's messages read, and no one else's", async () => {
    expect(await publicCall(t, tokens.reader, 'POST', 'ReadAllInbox')).toMatchObject({ Code: 200, Data: 2 });
    expect(await unread('reader')).toBe(0);
    expect((await inbox('reader', '?unread=1')).TotalCount).toBe(0);
    expect(await publicCall(t, tokens.reader, 'POST', 'ReadAllInbox')).toMatchObject({ Code: 200, Data: 0 });
    expect(await unread('neighbour')).toBe(1);
  });

  it('refuses a visitor, a signed-out member and an admin token, and marks nothing', async () => {
    const leaving = await loginMember(t, 'neighbour');
    expect((await publicCall(t, leaving, 'POST', 'Logout')).Code).toBe(200);
    const admin = await loginAdmin(t);
    for (const token of [undefined, leaving, admin]) {
      for (const [method, url, body] of [
        ['GET', 'GetMyInbox', undefined],
        ['GET', 'GetInboxUnreadCount', undefined],
        ['POST', 'ReadInboxMessage', { Id: 1 }],
        ['POST', 'ReadAllInbox', undefined],
      ] as const) {
        expect(await publicCall(t, token, method, url, body), `${url} with ${token === undefined ? 'no token' : 'a dead token'}`).toMatchObject(MEMBER_SESSION);
      }
    }
    expect(await unread('neighbour')).toBe(1);
  });
});
