import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { KEEP_MS, sweepUploads } from './sweep.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1'), Buffer.alloc(64)]);

describe.each(engines)('the upload sweep on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menu: number;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    menu = await insertMenu(t.app.services.database.db, { name: '新闻' });
  });
  afterAll(() => t.close());

  const upload = async (filename: string) =>
    envelope<string>(
      await t.app.inject({ method: 'POST', url: '/api/XfSysBussiness/UploadFile?kind=image', headers: { ...multipartHeaders, token: admin }, payload: multipartBody({ filename, content: PNG }) }),
    ).Data;
  const exists = (stored: string) => fs.existsSync(t.app.services.storage.fileOf(stored) ?? '');
  const recorded = async (stored: string) => (await t.app.services.database.db.selectFrom('uploads').select('original_name').where('path', '=', stored).executeTakeFirst())?.original_name;

  it('deletes an upload nothing names a day on, and keeps covers, pictures in bodies and banners', async () => {
    const orphan = await upload('没用上的.png');
    const cover = await upload('封面.png');
    const inBody = await upload('正文配图.png');
    const banner = await upload('轮播.png');
    expect(await recorded(orphan)).toBe('没用上的.png');
    const saveNews = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveNews', { MenuId: menu, Title: '有图的文章', ImageUrl: cover, NewContent: `<p><img src="${inBody}" alt=""></p>` });
    expect(saveNews.Code, saveNews.Message).toBe(200);
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveBanner', { Title: '轮播', ImageUrl: banner })).Code).toBe(200);

    // Younger than a day: nothing goes.
    clock.advance(KEEP_MS - 60_000);
    expect(await sweepUploads(t.app.services)).toBe(0);
    expect(exists(orphan)).toBe(true);

    clock.advance(2 * 60_000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(exists(orphan)).toBe(false);
    expect(await recorded(orphan)).toBeUndefined();
    for (const kept of [cover, inBody, banner]) expect(exists(kept), kept).toBe(true);
    // What is in use is not looked at again.
    expect(await sweepUploads(t.app.services)).toBe(0);
  });

  it('keeps an application attachment its member names, and removes one never used', async () => {
    const send = async (filename: string) =>
      envelope<string>(
        await t.app.inject({ method: 'POST', url: '/api/XfWebApi/UploadFile', headers: { ...multipartHeaders, 'x-forwarded-for': '10.9.9.9' }, payload: multipartBody({ filename, content: Buffer.from('%PDF-1.7\n申请') }) }),
      ).Data;
    const used = await send('营业执照.pdf');
    const abandoned = await send('草稿.pdf');
    const db = t.app.services.database.db;
    await db
      .insertInto('members')
      .values({ account: 'sweep_member', password_hash: '', member_name: '扫描单位', company_type_id: 0, member_level_id: 0, company_ment: '', mainbusiness: '', reg_address: '', daily_operator: '', operator_phone: '', remarks: '', legal_person: '', email: '', file_path: used, reg_capital: 0, staff_count: 0, join_date: '', expire_date: '', apply_state: 0, status: 1, process_item_name: '', last_login_at: '', applied_at: '', created_at: '', updated_at: '' })
      .execute();
    clock.advance(KEEP_MS + 1000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    const privateFile = (stored: string) => fs.existsSync(t.app.services.privateStorage.fileOf(stored) ?? '');
    expect(privateFile(used)).toBe(true);
    expect(privateFile(abandoned)).toBe(false);
  });
});
