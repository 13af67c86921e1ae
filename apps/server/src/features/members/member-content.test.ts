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

  it('opens with a member session, full content included', async () => {
    const body = await detail(member);
    expect(body.Code).toBe(200);
    expect(body.Data).toMatchObject({ Title: '会员专享通知', IsMemberRead: true, NewContent: '<p>仅会员可见的内容</p>' });
    expect((await listed(member))?.Summary).toBe('仅会员可见的内容');
  });

  it('answers Code 403 without one: no token, a made-up one, an admin token, an applicant token', async () => {
    expect(applicant).toMatch(/^[\w-]{43}$/);
    for (const token of [undefined, 'made-up-token', admin, applicant]) {
      expect(await detail(token)).toEqual({ Code: 403, Message: '该文章仅限会员阅读，请先登录', Data: null });
      expect(await listed(token)).toMatchObject({ Title: '会员专享通知', Summary: '' });
    }
  });

  it('closes again once the member logs out', async () => {
    const token = await loginMember(t, 'reader');
    expect((await detail(token)).Code).toBe(200);
    await publicCall(t, token, 'POST', 'Logout');
    expect((await detail(token)).Code).toBe(403);
  });
});
