import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBannerDto, BannerDto, ListDto } from '@portal/shared';
import { createContentAdminTest, expectGuarded, type ContentAdminTest } from '../../../test/content-admin.js';
import { engines, envelope } from '../../../test/harness.js';
import { assetUrl, storedAssetPath } from '../../http/assets.js';

describe.each(engines)('back-office banners on %s', (engine) => {
  let c: ContentAdminTest;
  const save = (body: Record<string, unknown>, token = c.admin) => c.call<number>(token, 'POST', 'SaveBanner', body);
  const adminList = async (query = '') => (await c.call<ListDto<AdminBannerDto>>(c.admin, 'GET', `GetBannerList?pagesize=100&${query}`)).Data;
  const carousel = async () =>
    envelope<BannerDto[]>(await c.t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetBannerList?type=2' })).Data.map((b) => b.Title);
  const image = '/uploads/202406/banner.png';

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  it('creates, edits and deletes banners, and the carousel follows at once', async () => {
    const first = await save({ Title: '年会', ImageUrl: image, JumpUrl: '/info?MenuId=1&NewsId=2', SortNumber: 2 });
    expect(first).toMatchObject({ Code: 200, Message: '操作成功' });
    const second = await save({ Title: '培训', ImageUrl: 'https://img.example.org/b.jpg', JumpUrl: 'https://example.org/train', SortNumber: 1 });
    const other = await save({ Type: 3, Title: '内页横幅', ImageUrl: image });
    expect(await carousel()).toEqual(['培训', '年会']);
    expect((await adminList()).List.find((b) => b.Id === first.Data)).toMatchObject({
      Type: 2,
      Title: '年会',
      ImageUrl: image,
      JumpUrl: '/info?MenuId=1&NewsId=2',
      SortNumber: 2,
      Status: 1,
    });

    expect((await save({ Id: second.Data, Title: '培训', ImageUrl: 'https://img.example.org/b.jpg', SortNumber: 1, Status: 0 })).Code).toBe(200);
    expect(await carousel()).toEqual(['年会']);
    expect((await adminList('type=2')).List.map((b) => [b.Title, b.Status])).toEqual([
      ['培训', 0],
      ['年会', 1],
    ]);
    expect((await adminList('status=0')).List.map((b) => b.Title)).toEqual(['培训']);
    expect((await adminList(`key=${encodeURIComponent('内页')}`)).List.map((b) => b.Id)).toEqual([other.Data]);

    expect(await c.call(c.admin, 'POST', 'DelBanner', { Id: first.Data })).toEqual({ Code: 200, Message: '操作成功', Data: null });
    expect(await carousel()).toEqual([]);
    expect(await c.call(c.admin, 'POST', 'DelBanner', { Id: first.Data })).toEqual({ Code: 404, Message: '轮播图不存在', Data: null });
    const page = (await c.call<ListDto<AdminBannerDto>>(c.admin, 'GET', 'GetBannerList?pageindex=2&pagesize=1')).Data;
    expect(page).toMatchObject({ TotalCount: 2, List: [{ Title: '内页横幅' }] });
  });

  it('refuses invalid fields with their messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Title: '无图' }, '请上传图片'],
      [{ ImageUrl: '  ' }, '请上传图片'],
      [{ ImageUrl: 'javascript:alert(1)' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: 'javascript:alert(1)' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: ' JaVaScRiPt:alert(1)' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: 'data:text/html,<script>alert(1)</script>' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: '//evil.example.com/' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      // Browsers open these as another host too.
      [{ ImageUrl: image, JumpUrl: '/\\evil.example' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: '/%0a/evil.example' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: '/%09/evil.example' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: 'https://ok.example/%00' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, JumpUrl: 'https://ok.example\\@evil.example/' }, '地址需以http://或https://开头，或为以/开头的站内路径'],
      [{ ImageUrl: image, Title: '题'.repeat(201) }, '标题不能超过200个字'],
      [{ ImageUrl: image, SortNumber: -1 }, '排序号需为0至999999的整数'],
      [{ ImageUrl: image, Status: 3 }, '状态只能是0或1'],
    ];
    for (const [body, message] of cases) expect(await save(body), JSON.stringify(body)).toEqual({ Code: 400, Message: message, Data: null });
    expect(await save({ Id: 999999, ImageUrl: image })).toEqual({ Code: 404, Message: '轮播图不存在', Data: null });
  });

  it('stores uploads relative to the asset base it showed them with', () => {
    const cdn = 'https://cdn.example.com';
    expect(storedAssetPath(cdn, assetUrl(cdn, image))).toBe(image);
    expect(storedAssetPath(cdn, 'https://img.example.org/b.jpg')).toBe('https://img.example.org/b.jpg');
    expect(storedAssetPath('', image)).toBe(image);
  });

  it('lets a 内容编辑 manage banners and guards every call', async () => {
    const saved = await save({ Title: '编辑的横幅', ImageUrl: image }, c.editor);
    expect(saved.Code).toBe(200);
    await expectGuarded(c, [
      ['GET', 'GetBannerList'],
      ['POST', 'SaveBanner', { ImageUrl: image }],
      ['POST', 'SaveBanner', { Id: saved.Data, ImageUrl: image, Title: '入侵' }],
      ['POST', 'DelBanner', { Id: saved.Data }],
    ]);
    expect((await adminList()).List.find((b) => b.Id === saved.Data)?.Title).toBe('编辑的横幅');
  });
});
