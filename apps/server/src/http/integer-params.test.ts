import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { insertMenu, insertNews } from '../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';

/**
 * Numbers a client writes oddly or too large: each answers 参数错误 and changes nothing, on
 * PostgreSQL too, where a number beyond an integer column used to reach the query (Code 500).
 */
describe.each(engines)('integer parameters on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let articleId: number;
  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    articleId = await insertNews(t.app.services.database.db, {
      menuId: await insertMenu(t.app.services.database.db, { name: '协会动态' }),
      title: '不可误删的文章',
    });
  });
  afterAll(() => t.close());

  const get = async (url: string) => envelope(await t.app.inject({ method: 'GET', url }));

  it('refuses numbers beyond an integer column in public calls', async () => {
    for (const url of [
      '/api/XfWebApi/GetBannerList?type=2147483648',
      '/api/XfWebApi/GetNewsList?pid=99999999999',
      '/api/XfWebApi/GetNewsDetail?newsid=2147483648',
      '/api/XfWebApi/GetTypeList?type=-2147483649',
    ]) {
      expect(await get(url), url).toMatchObject({ Code: 400, Message: '参数错误' });
    }
  });

  it('refuses ids written as hexadecimal, padded, with an exponent or nested, and deletes nothing', async () => {
    for (const id of ['0x' + articleId.toString(16), ` ${articleId} `, `${articleId}e0`, [[articleId]]]) {
      const answer = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/DelNews', { NewsId: id });
      expect(answer.Code, JSON.stringify(id)).toBe(400);
    }
    expect((await get(`/api/XfWebApi/GetNewsDetail?newsid=${articleId}`)).Code).toBe(200);
  });
});
