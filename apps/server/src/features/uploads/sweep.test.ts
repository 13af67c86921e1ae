import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { insertMenu } from '../../../test/fixtures.js';
import { enginesFor, envelope, type TestApp } from '../../../test/harness.js';
import { applicationForm, memberLogin, seedTypeChoices, submitApplication, type TypeChoices } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { KEEP_MS, scheduleUploadSweeps, sweepUploads } from './sweep.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1'), Buffer.alloc(64)]);

describe.each(enginesFor('neutral'))('the upload sweep on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let menu: number;
  let types: TypeChoices;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    menu = await insertMenu(t.app.services.database.db, { name: '新闻' });
    types = await seedTypeChoices(t);
  });
  afterAll(() => t.close());

  const upload = async (filename: string, call = 'UploadFile') =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: `/api/XfSysBussiness/${call}?kind=image`,
        headers: { ...multipartHeaders, token: admin },
        payload: multipartBody({ filename, content: PNG }),
      }),
    ).Data;
  const exists = async (stored: string) => (await t.app.services.storage.stat(stored)) !== undefined;
  const recorded = async (stored: string) =>
    (await t.app.services.database.db.selectFrom('uploads').select('original_name').where('path', '=', stored).executeTakeFirst())?.original_name;

  it('deletes an upload nothing names a day on, and keeps covers, pictures in bodies, banners and friendly links', async () => {
    const orphan = await upload('没用上的.png');
    const cover = await upload('封面.png');
    const inBody = await upload('正文配图.png');
    const banner = await upload('轮播.png');
    const linked = await upload('友情链接.png');
    expect(await recorded(orphan)).toBe('没用上的.png');
    const saveNews = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveNews', {
      MenuId: menu,
      Title: '有图的文章',
      ImageUrl: cover,
      NewContent: `<p><img src="${inBody}" alt=""></p>`,
    });
    expect(saveNews.Code, saveNews.Message).toBe(200);
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveBanner', { Title: '轮播', ImageUrl: banner })).Code).toBe(200);
    // A link holds a whole address: the path at its end.
    const saveLink = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveWebFriendlinks', {
      Title: '协会图册',
      Friendlinks: `https://www.example.org.cn${linked}`,
    });
    expect(saveLink.Code, saveLink.Message).toBe(200);

    // Younger than a day: nothing goes.
    clock.advance(KEEP_MS - 60_000);
    expect(await sweepUploads(t.app.services)).toBe(0);
    expect(await exists(orphan)).toBe(true);

    clock.advance(2 * 60_000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(await exists(orphan)).toBe(false);
    expect(await recorded(orphan)).toBeUndefined();
    for (const kept of [cover, inBody, banner, linked]) expect(await exists(kept), kept).toBe(true);
    // What is in use is not looked at again.
    expect(await sweepUploads(t.app.services)).toBe(0);
  });

  it('keeps the pictures and attachments of activities', async () => {
    // The clock has moved past the session's lifetime.
    admin = await loginAdmin(t);
    const picture = await upload('活动配图.png');
    const attachment = await upload('日程安排.png');
    const orphan = await upload('活动草稿图.png');
    const saved = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/SaveActivityDetail', {
      Title: '有附件的活动',
      Description: `<p><img src="${picture}" alt=""></p>`,
      Place: '协会会议室',
      StartTime: '2024-07-20 09:00:00',
      EndTime: '2024-07-20 17:00:00',
      SignUpDeadline: '2024-07-15 18:00:00',
      AudienceAll: true,
      Attachments: [{ Name: '日程安排.png', Path: attachment }],
    });
    expect(saved.Code, saved.Message).toBe(200);
    clock.advance(KEEP_MS + 1000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(await exists(orphan)).toBe(false);
    for (const kept of [picture, attachment]) expect(await exists(kept), kept).toBe(true);
  });

  it('keeps what 媒体库 uploads, used or not, until it is deleted there', async () => {
    admin = await loginAdmin(t);
    const kept = await upload('馆藏图.png', 'UploadLibraryFile');
    const orphan = await upload('编辑器里没用上的.png');
    clock.advance(KEEP_MS + 1000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(kept)).toBe(true);
    expect(await recorded(kept)).toBe('馆藏图.png');
    // Still the library's to delete (a day on, in a new session).
    admin = await loginAdmin(t);
    const listed = await adminCall<{ List: { Id: number; Path: string }[] }>(t, admin, 'GET', '/api/XfSysBussiness/GetUploadList?kind=image');
    expect(listed.Code, listed.Message).toBe(200);
    const id = listed.Data.List.find((u) => u.Path === kept)!.Id;
    expect((await adminCall(t, admin, 'POST', `/api/XfSysBussiness/DelUpload/${id}`)).Code).toBe(200);
    expect(await exists(kept)).toBe(false);
  });

  /** An application paper, as a visitor uploads it. */
  const send = async (filename: string) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadFile',
        headers: { ...multipartHeaders, 'x-forwarded-for': '10.9.9.9' },
        payload: multipartBody({ filename, content: Buffer.from('%PDF-1.7\n申请') }),
      }),
    ).Data;
  const privateFile = async (stored: string) => (await t.app.services.privateStorage.stat(stored)) !== undefined;

  it('keeps an application attachment its member names, and removes one never used', async () => {
    const used = await send('营业执照.pdf');
    const abandoned = await send('草稿.pdf');
    const db = t.app.services.database.db;
    await db
      .insertInto('members')
      .values({
        account: 'sweep_member',
        password_hash: '',
        member_name: '扫描单位',
        company_type_id: 0,
        member_level_id: 0,
        company_ment: '',
        mainbusiness: '',
        reg_address: '',
        daily_operator: '',
        operator_phone: '',
        remarks: '',
        legal_person: '',
        email: '',
        file_path: used,
        reg_capital: 0,
        staff_count: 0,
        join_date: '',
        expire_date: '',
        apply_state: 0,
        status: 1,
        process_item_name: '',
        last_login_at: '',
        applied_at: '',
        created_at: '',
        updated_at: '',
      })
      .execute();
    clock.advance(KEEP_MS + 1000);
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(await privateFile(used)).toBe(true);
    expect(await privateFile(abandoned)).toBe(false);
  });

  it('deletes the paper an applicant replaced when resubmitting, and keeps the one the application names', async () => {
    const first = await send('初版材料.pdf');
    await submitApplication(t, applicationForm(types, 'sweeper1', { FilePath: first }));
    clock.advance(KEEP_MS + 1000);
    // Named by the application: kept.
    expect(await sweepUploads(t.app.services)).toBe(0);
    const { id } = await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'sweeper1').executeTakeFirstOrThrow();
    // A day on, the back office signs in afresh.
    const reviewer = await loginAdmin(t);
    expect(
      (await adminCall(t, reviewer, 'POST', '/api/XfSysBussiness/SaveApplyAudit', { MemberId: id, ApplyState: 2, ProcessItemName: '材料不全' })).Code,
    ).toBe(200);
    const token = (await memberLogin(t, 'sweeper1')).Token as string;
    const second = await send('补充材料.pdf');
    await submitApplication(t, applicationForm(types, 'sweeper1', { FilePath: second }), token);

    // The replaced paper is over a day old and nothing names it any more; the new one is young.
    expect(await sweepUploads(t.app.services)).toBe(1);
    expect(await privateFile(first)).toBe(false);
    expect(await recorded(first)).toBeUndefined();
    expect(await privateFile(second)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetApplyFile', headers: { token } });
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('补充材料.pdf')}`);

    clock.advance(KEEP_MS + 1000);
    expect(await sweepUploads(t.app.services)).toBe(0);
    expect(await privateFile(second)).toBe(true);
  });

  it('keeps a paper no member names any more while an article still does', async () => {
    const paper = await send('章程.pdf');
    await submitApplication(t, applicationForm(types, 'sweeper2', { FilePath: paper }));
    clock.advance(KEEP_MS + 1000);
    const editor = await loginAdmin(t);
    expect(await sweepUploads(t.app.services)).toBe(0);
    const saveNews = await adminCall(t, editor, 'POST', '/api/XfSysBussiness/SaveNews', {
      MenuId: menu,
      Title: '协会章程',
      NewContent: `<p><a href="${paper}">章程</a></p>`,
    });
    expect(saveNews.Code, saveNews.Message).toBe(200);
    // The member record stops naming it (as EditMemberInfo with another FilePath would).
    await t.app.services.database.db.updateTable('members').set({ file_path: '' }).where('account', '=', 'sweeper2').execute();
    expect(await sweepUploads(t.app.services)).toBe(0);
    expect(await privateFile(paper)).toBe(true);
  });

  it('leaves files without a record alone, however old (demo pictures, uploads from before records were kept)', async () => {
    const unrecorded = await t.app.services.storage.saveBuffer(PNG, 'png');
    clock.advance(3 * KEEP_MS);
    expect(await sweepUploads(t.app.services)).toBe(0);
    expect(await exists(unrecorded)).toBe(true);
  });

  it('sweeps on its own a minute after start, and closing waits for a running sweep', async () => {
    admin = await loginAdmin(t);
    const orphan = await upload('定时清理.png');
    clock.advance(KEEP_MS + 1000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const sweeps = scheduleUploadSweeps(t.app.services, { error: (obj) => expect.fail(JSON.stringify(obj)) });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(await exists(orphan)).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      await sweeps.stop();
      expect(await exists(orphan)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
