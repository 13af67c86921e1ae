import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl, imageWidths, type UploadDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { applicationForm, seedTypeChoices, submitApplication } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';

const CDN = 'https://cdn.example.org.cn';
const PDF = Buffer.from('%PDF-1.7\n会议纪要');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(4)]);
const DAY = 24 * 60 * 60_000;

type Page = { List: UploadDto[]; TotalCount: number };

describe.each(engines)('the media library on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menu: number;
  let png: Buffer;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now }, { assetBaseUrl: CDN });
    admin = await loginAdmin(t);
    menu = await insertMenu(t.app.services.database.db, { name: '新闻' });
    png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2f6fb0' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = async (filename: string, content: Buffer, token = admin) => {
    const answer = envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/UploadFile',
        headers: { ...multipartHeaders, token },
        payload: multipartBody({ filename, content }),
      }),
    );
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const listed = async (query = '', token = admin) => {
    const answer = await adminCall<Page>(t, token, 'GET', `/api/XfSysBussiness/GetUploadList?pagesize=100${query}`);
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const names = async (query: string) => (await listed(query)).List.map((u) => u.OriginalName);
  const item = async (path: string) => (await listed()).List.find((u) => u.Path === path)!;
  const del = (id: number, token = admin) => adminCall(t, token, 'POST', `/api/XfSysBussiness/DelUpload/${id}`);

  let cover: string, inBody: string, banner: string, linked: string, report: string, film: string;

  it('lists public uploads newest first with their kind, size, uploader, address and thumbnail', async () => {
    cover = await upload('封面.png', png);
    inBody = await upload('正文配图.png', png);
    clock.advance(DAY);
    // The session has lapsed by now.
    admin = await loginAdmin(t);
    banner = await upload('轮播.png', png);
    linked = await upload('友情链接.png', png);
    report = await upload('年度报告.pdf', PDF);
    film = await upload('宣传片.mp4', MP4);

    const page = await listed();
    expect(page.TotalCount).toBe(6);
    expect(page.List.map((u) => u.OriginalName)).toEqual(['宣传片.mp4', '年度报告.pdf', '友情链接.png', '轮播.png', '正文配图.png', '封面.png']);
    const picture = page.List.find((u) => u.Path === cover)!;
    expect(picture).toMatchObject({ Url: CDN + cover, Kind: 'image', Size: png.length, Uploader: 'admin', UsedBy: [] });
    // The smallest web copy.
    expect(picture.ThumbUrl).toBe(CDN + imageVariantUrl(cover, imageWidths[0]));
    expect(page.List.find((u) => u.Path === report)).toMatchObject({ Kind: 'file', ThumbUrl: '', Size: PDF.length });
    expect(page.List.find((u) => u.Path === film)).toMatchObject({ Kind: 'media', ThumbUrl: '' });
  });

  it('filters by kind, name, uploader and days, and pages', async () => {
    expect(await names('&kind=image')).toEqual(['友情链接.png', '轮播.png', '正文配图.png', '封面.png']);
    expect(await names('&kind=file')).toEqual(['年度报告.pdf']);
    expect(await names('&kind=media')).toEqual(['宣传片.mp4']);
    expect(await names('&key=报告')).toEqual(['年度报告.pdf']);
    expect(await names('&uploader=ADM')).toHaveLength(6);
    expect(await names('&uploader=访客')).toEqual([]);
    const first = (await listed()).List.at(-1)!.CreateTime.slice(0, 10);
    expect(await names(`&start=${first}&end=${first}`)).toEqual(['正文配图.png', '封面.png']);
    expect(await names(`&end=${first}`)).toEqual(['正文配图.png', '封面.png']);
    expect((await names(`&start=${first}`)).length).toBe(6);

    const second = await adminCall<Page>(t, admin, 'GET', '/api/XfSysBussiness/GetUploadList?pageindex=2&pagesize=4');
    expect(second.Data.TotalCount).toBe(6);
    expect(second.Data.List.map((u) => u.OriginalName)).toEqual(['正文配图.png', '封面.png']);
    expect((await adminCall(t, admin, 'GET', '/api/XfSysBussiness/GetUploadList?kind=zip')).Code).toBe(400);
  });

  it('never lists membership application papers, which are private', async () => {
    const paper = envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadFile',
        headers: multipartHeaders,
        payload: multipartBody({ filename: '入会申请.pdf', content: PDF }),
      }),
    ).Data;
    expect(paper).toMatch(/^\/private\//);
    await submitApplication(t, applicationForm(await seedTypeChoices(t), 'library1', { FilePath: paper }));
    const page = await listed();
    expect(page.TotalCount).toBe(6);
    expect(page.List.some((u) => u.Path === paper || u.OriginalName === '入会申请.pdf')).toBe(false);
    expect(await names('&uploader=访客')).toEqual([]);
    const record = await t.app.services.database.db.selectFrom('uploads').select('id').where('path', '=', paper).executeTakeFirstOrThrow();
    expect((await del(record.id)).Code).toBe(404);
  });

  it('says where each upload is used: an article cover and body, a banner, a friendly link', async () => {
    const saved = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveNews', {
      MenuId: menu,
      Title: '年会纪要',
      ImageUrl: cover,
      NewContent: `<p><img src="${CDN}${inBody}" alt=""></p>`,
    });
    expect(saved.Code, saved.Message).toBe(200);
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveBanner', { Title: '首页大图', ImageUrl: banner })).Code).toBe(200);
    expect(
      (await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveWebFriendlinks', { Title: '协会图册', Friendlinks: `https://www.example.org.cn${linked}` }))
        .Code,
    ).toBe(200);

    expect((await item(cover)).UsedBy).toEqual(['文章《年会纪要》']);
    expect((await item(inBody)).UsedBy).toEqual(['文章《年会纪要》']);
    expect((await item(banner)).UsedBy).toEqual(['轮播图《首页大图》']);
    expect((await item(linked)).UsedBy).toEqual(['友情链接《协会图册》']);
    expect((await item(report)).UsedBy).toEqual([]);
  });

  it('refuses to delete what is in use, saying where, and deletes an unused file with its copies', async () => {
    const refused = await del((await item(cover)).Id);
    expect(refused.Code).toBe(400);
    expect(refused.Message).toBe('该文件正在使用中，不能删除（文章《年会纪要》）');
    expect(await t.app.services.storage.stat(cover)).toBeDefined();

    const orphan = await upload('没用上的.png', png);
    const copy = imageVariantUrl(orphan, imageWidths[0])!;
    expect(await t.app.services.storage.stat(copy)).toBeDefined();
    const gone = await del((await item(orphan)).Id);
    expect(gone.Code, gone.Message).toBe(200);
    expect(await t.app.services.storage.stat(orphan)).toBeUndefined();
    expect(await t.app.services.storage.stat(copy)).toBeUndefined();
    expect(await item(orphan)).toBeUndefined();
    const reportId = (await item(report)).Id;
    expect((await del(reportId)).Code).toBe(200);
    expect(await t.app.services.storage.stat(report)).toBeUndefined();
    expect((await del(reportId)).Code).toBe(404);

    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['action', 'result', 'detail'])
      .where('action', '=', 'content:media:delete')
      .orderBy('id')
      .execute();
    // The private paper's refusal first (the test above), then these.
    expect(audit.map((a) => [a.result, a.detail]).slice(1)).toEqual([
      [0, '该文件正在使用中，不能删除（文章《年会纪要》）'],
      [1, '没用上的.png'],
      [1, '年度报告.pdf'],
      [0, '访问资源不存在'],
    ]);
  });

  it('lets editors list and delete, article writers only list, and no one else', async () => {
    await createAdmin(t, admin, 'editor1', '内容编辑');
    const editor = await loginAdmin(t, 'editor1');
    expect((await listed('', editor)).TotalCount).toBeGreaterThan(0);
    const saved = await adminCall<number>(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '撰稿',
      Status: 1,
      MenuIds: await menuIds(['content:news:list', 'content:news:add']),
    });
    expect(saved.Code, saved.Message).toBe(200);
    await createAdmin(t, admin, 'writer1', '撰稿');
    const writer = await loginAdmin(t, 'writer1');
    expect((await listed('', writer)).TotalCount).toBeGreaterThan(0);
    expect((await del((await item(film)).Id, writer)).Code).toBe(403);
    const savedRole = await adminCall<number>(t, admin, 'POST', '/api/XfSystemApi/SaveRole', {
      RoleName: '会员专员',
      Status: 1,
      MenuIds: await menuIds(['member:list']),
    });
    expect(savedRole.Code, savedRole.Message).toBe(200);
    await createAdmin(t, admin, 'clerk1', '会员专员');
    const clerk = await loginAdmin(t, 'clerk1');
    expect((await adminCall(t, clerk, 'GET', '/api/XfSysBussiness/GetUploadList')).Code).toBe(403);
    expect((await del((await item(film)).Id, clerk)).Code).toBe(403);
    expect((await adminCall(t, undefined, 'GET', '/api/XfSysBussiness/GetUploadList')).Code).toBe(402);
    expect((await del((await item(film)).Id, editor)).Code).toBe(200);
  });

  const menuIds = async (perms: string[]) =>
    (await t.app.services.database.db.selectFrom('system_menus').select(['id', 'perms']).execute()).filter((m) => perms.includes(m.perms)).map((m) => m.id);
});
