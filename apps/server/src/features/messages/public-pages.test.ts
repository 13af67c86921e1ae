import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { freshAddress } from '../../../test/members.js';
import { testWebBuild, type TestWebBuild } from '../../../test/web-build.js';
import { SITE_FEED_PATHS } from '@portal/shared';
import { menuIndex } from '../menus/service.js';
import { sitemapPart, sitemapPartCount } from '../pages/sitemap.js';

const BASE = 'https://www.example.org.cn';

/**
 * The web build's server entry as far as 在线留言 goes: /messages draws the published titles,
 * ?tab=ask the categories, /messages/:id the one answer; each drawing marked with a number of
 * its own, so a kept page is told from one drawn again.
 */
const ENTRY_SERVER = `export async function render(url, { transport }) {
  const call = async (name, params) => (await transport({ method: 'get', baseURL: '/api/XfWebApi/', url: name, params })).data;
  const address = new URL(url, 'http://page');
  const one = /^\\/messages\\/(\\d+)$/.exec(address.pathname);
  let shown;
  if (one) shown = (await call('GetPublicMessage', { id: one[1] })).Data?.Title ?? '不存在';
  else if (address.searchParams.get('tab') === 'ask') shown = (await call('GetMessageOptions')).Data.Categories.map((c) => c.Name).join(',');
  else shown = (await call('GetPublicMessageList', { pageindex: 1, pagesize: 10 })).Data.List.map((m) => m.Title).join(',');
  return { html: '<main data-drawing="' + Math.random() + '">' + shown + '</main>', styles: '', state: '{}' };
}
`;

/**
 * 在线留言's public pages: kept like every page, drawn again when staff publish, withdraw or
 * rename what they show; each published answer has a page of its own, listed in the sitemap.
 */
describe.each(engines)('在线留言’s public pages on %s', (engine) => {
  let t: TestApp;
  let web: TestWebBuild;
  let admin: string;
  let messageId: number;

  beforeAll(async () => {
    web = testWebBuild(ENTRY_SERVER);
    t = await createAdminTestApp(engine, {}, { webDist: web.webDist, publicBaseUrl: BASE });
    admin = await loginAdmin(t);
    const captcha = envelope<string>(await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetMessageCaptcha', headers: freshAddress() })) as unknown as {
      Url: string;
    };
    const asked = envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/SaveMessage',
        headers: freshAddress(),
        payload: {
          CategoryId: 1,
          Subject: '会员证如何补办',
          Content: '会员证遗失了，请问如何补办？我是李四，电话13812345678，邮箱li.si@example.com。',
          Name: '李四',
          PrivacyVersion: 1,
          Phone: '13812345678',
          Email: 'li.si@example.com',
          MayPublish: true,
          CaptchaTicket: captcha.Url,
          Captcha: t.captchas.get(captcha.Url),
        },
      }),
    );
    expect(asked.Code, asked.Message).toBe(200);
    const { db } = t.app.services.database;
    messageId = (await db.selectFrom('messages').select('id').where('query_code', '=', asked.Data).executeTakeFirstOrThrow()).id;
    expect((await business('ReplyMessage', { MessageId: messageId, Reply: '<p>请携带营业执照到秘书处补办。</p>' })).Code).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  const business = (call: string, payload: Record<string, unknown>) => adminCall(t, admin, 'POST', `/api/XfSysBussiness/${call}`, payload);
  const page = async (url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(status);
    return { body: res.body, drawing: /data-drawing="([^"]+)"/.exec(res.body)?.[1] ?? '' };
  };
  /** The drawing served now, after asking twice: the second answer is the kept copy. */
  const kept = async (url: string) => {
    const first = await page(url);
    expect((await page(url)).drawing, url).toBe(first.drawing);
    return first.drawing;
  };
  const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

  it('publishing draws the list again, opens the answer’s own page and lists it in the sitemap; withdrawing takes both away', async () => {
    const own = `/messages/${messageId}`;
    const listBefore = await kept('/messages');
    expect((await page('/messages')).body).not.toContain('会员证如何补办');
    await page(own, 404);
    expect(await sitemap()).not.toContain(own);

    expect((await business('PublishMessage', { MessageId: messageId, Publish: true, PublicTitle: '会员证遗失后如何补办' })).Code).toBe(200);
    const listed = await page('/messages');
    expect(listed.drawing).not.toBe(listBefore);
    expect(listed.body).toContain('会员证遗失后如何补办');
    const answer = await page(own);
    expect(answer.body).toContain('<title>会员证遗失后如何补办');
    expect(answer.body).toContain(`<link rel="canonical" href="${BASE}${own}"`);
    // The crumbs a search engine reads: 首页 › 在线留言 › the answer.
    expect(answer.body).toContain(`"item":"${BASE}/messages"`);
    expect(await sitemap()).toMatch(new RegExp(`<loc>${BASE}${own}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00</lastmod>`));
    // The asker's name, phone and e-mail, which they wrote into the question too, nowhere a visitor or a crawler reads.
    const read = [answer.body, listed.body, await sitemap(), ...(await Promise.all(Object.values(SITE_FEED_PATHS).map(async (url) => (await page(url)).body)))];
    for (const body of read) for (const secret of ['李四', '13812345678', 'li.si@example.com']) expect(body).not.toContain(secret);
    expect(answer.body).toContain('我是李*，电话***，邮箱***');

    expect((await business('PublishMessage', { MessageId: messageId, Publish: false })).Code).toBe(200);
    expect((await page('/messages')).body).not.toContain('会员证遗失后如何补办');
    await page(own, 404);
    expect(await sitemap()).not.toContain(own);
  });

  it('a renamed category draws the ask tab again', async () => {
    const before = await kept('/messages?tab=ask');
    expect((await page('/messages?tab=ask')).body).toContain('咨询');
    expect((await business('SaveMessageCategory', { CategoryId: 1, Name: '政策咨询', DeadlineDays: 5, SortNumber: 1, Status: 1 })).Code).toBe(200);
    const after = await page('/messages?tab=ask');
    expect(after.drawing).not.toBe(before);
    expect(after.body).toContain('政策咨询');
  });

  it('splits a sitemap across the articles and the answers with every address once', async () => {
    expect((await business('PublishMessage', { MessageId: messageId, Publish: true })).Code).toBe(200);
    const { database } = t.app.services;
    const index = await menuIndex(database);
    const whole = await sitemapPart(database, index, 1, 10_000);
    expect(whole.at(-1)?.path).toBe(`/messages/${messageId}`);
    const parts = await sitemapPartCount(database, index, 2);
    expect(parts).toBe(Math.ceil(whole.length / 2));
    const split = [];
    for (let part = 1; part <= parts; part++) split.push(...(await sitemapPart(database, index, part, 2)));
    expect(split).toEqual(whole);
  });
});
