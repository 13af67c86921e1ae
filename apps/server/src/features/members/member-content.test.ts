import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, NewsDetailDto, NewsListItemDto } from '@portal/shared';
import { createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { insertMenu, insertNews } from '../../../test/fixtures.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, applicationForm, loginMember, memberLogin, publicCall, seedTypeChoices, submitApplication } from '../../../test/members.js';

/** Member-only articles (IsMemberRead, spec §6) open with a member session and with nothing else. */
describe.each(engines)('member-only articles on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let applicant: string;
  let memberOnly: number;
  let menuId: number;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'reader');
    member = await loginMember(t, 'reader');
    await submitApplication(t, applicationForm(types, 'waiting'));
    applicant = (await memberLogin(t, 'waiting')).Token as string;
    const db = t.app.services.database.db;
    menuId = await insertMenu(db, { name: '会员专区' });
    memberOnly = await insertNews(db, { menuId, title: '会员专享通知', content: '<p>仅会员可见的内容</p>', isMemberRead: true });
    await insertNews(db, { menuId, title: '公开通知', content: '<p>公开内容</p>' });
  });
  afterAll(() => t.close());

  const detail = (token: string | undefined) => publicCall<NewsDetailDto>(t, token, 'GET', `GetNewsDetail?newsid=${memberOnly}`);
  const listed = async (token: string | undefined) =>
    (await publicCall<ListDto<NewsListItemDto>>(t, token, 'GET', `GetNewsList?pid=${menuId}`)).Data.List.find((n) => n.NewsId === memberOnly);
  const search = async (token: string | undefined, query: string) => (await publicCall<ListDto<NewsListItemDto>>(t, token, 'GET', `GetNewsList?${query}`)).Data;
  /** Everyone without a member session: no token, a made-up one, an admin's, an applicant's (known after beforeAll). */
  const visitors = () => [undefined, 'made-up-token', admin, applicant];

  it('opens with a member session, full content included', async () => {
    const body = await detail(member);
    expect(body.Code).toBe(200);
    expect(body.Data).toMatchObject({ Title: '会员专享通知', IsMemberRead: true, NewContent: '<p>仅会员可见的内容</p>' });
    expect((await listed(member))?.Summary).toBe('仅会员可见的内容');
  });

  it('answers Code 403 without one: no token, a made-up one, an admin token, an applicant token', async () => {
    expect(applicant).toMatch(/^[\w-]{43}$/);
    for (const token of visitors()) {
      expect(await detail(token)).toEqual({ Code: 403, Message: '该文章仅限会员阅读，请先登录', Data: null });
      expect(await listed(token)).toMatchObject({ Title: '会员专享通知', Summary: '' });
    }
  });

  it('are found by their text with a member session only; without one by their title alone, text withheld', async () => {
    // A phrase of several pairs and a key of one pair: both follow the rule.
    for (const key of ['会员可见的内容', '可见']) {
      for (const query of [`key=${encodeURIComponent(key)}`, `pid=${menuId}&key=${encodeURIComponent(key)}`]) {
        const found = { List: [expect.objectContaining({ Title: '会员专享通知', Summary: '仅会员可见的内容' })], TotalCount: 1, TotalCapped: false };
        expect(await search(member, query), query).toEqual(found);
        for (const token of visitors()) expect(await search(token, query), `${query} with ${token}`).toEqual({ List: [], TotalCount: 0, TotalCapped: false });
      }
    }
    for (const key of ['会员专享通知', '专享']) {
      for (const token of visitors()) {
        expect(await search(token, `key=${encodeURIComponent(key)}`)).toEqual({
          List: [expect.objectContaining({ Title: '会员专享通知', Summary: '' })],
          TotalCount: 1,
          TotalCapped: false,
        });
      }
    }
  });

  it("never answers a visitor from a member's kept search results, nor a member from a visitor's", async () => {
    const memberFirst = `key=${encodeURIComponent('仅会员可见')}`;
    expect((await search(member, memberFirst)).TotalCount).toBe(1);
    expect((await search(undefined, memberFirst)).TotalCount).toBe(0);
    const visitorFirst = `key=${encodeURIComponent('员可见的内')}`;
    expect((await search(undefined, visitorFirst)).TotalCount).toBe(0);
    expect((await search(member, visitorFirst)).TotalCount).toBe(1);
  });

  it('closes again once the member logs out', async () => {
    const token = await loginMember(t, 'reader');
    expect((await detail(token)).Code).toBe(200);
    await publicCall(t, token, 'POST', 'Logout');
    expect((await detail(token)).Code).toBe(403);
  });
});
