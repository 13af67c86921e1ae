import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListDto, MemberDirectoryItemDto, MemberProfileDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';

const directory = (t: TestApp, token?: string, query = '') => publicCall<ListDto<MemberDirectoryItemDto> | null>(t, token, 'GET', `GetMemberDirectory${query}`);
const profile = { DailyOperator: '李四', OperatorPhone: '13800138000' };

/** 会员名录: opt-in per member, contact details only as chosen, as the site setting offers it. */
describe.each(engines)('member directory on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let listedId: number;
  let listed: string;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    listedId = await addMember(t, admin, types, 'listed', { Email: 'listed@example.com', OperatorPhone: '13900139000', Mainbusiness: '工程保险经纪' });
    await addMember(t, admin, types, 'private', { Mainbusiness: '工程保险经纪' });
    listed = await loginMember(t, 'listed');
  });
  afterAll(() => t.close());

  it('lists no one until a member opts in', async () => {
    expect((await directory(t)).Data).toEqual({ List: [], TotalCount: 0 });
  });

  it('lists a member who opts in, with only the contact details chosen', async () => {
    const saved = await publicCall(t, listed, 'POST', 'EditMember', {
      ...profile,
      DirectoryListed: true,
      DirectoryContacts: ['OperatorPhone'],
      Website: 'https://www.listed.example.com',
      Region: '北京市',
    });
    expect(saved.Code, saved.Message).toBe(200);
    expect((await publicCall<MemberProfileDto>(t, listed, 'GET', 'GetUserInfo')).Data).toMatchObject({
      DirectoryListed: true,
      DirectoryContacts: ['OperatorPhone'],
      Website: 'https://www.listed.example.com',
      Region: '北京市',
    });
    expect((await directory(t)).Data).toEqual({
      List: [
        {
          MemberNo: `HY${String(listedId).padStart(6, '0')}`,
          MemberName: 'listed工程有限公司',
          LevelName: '理事单位',
          Region: '北京市',
          Mainbusiness: '工程保险经纪',
          Website: 'https://www.listed.example.com',
          DailyOperator: '',
          OperatorPhone: '13800138000',
          Email: '',
        },
      ],
      TotalCount: 1,
    });
    expect((await directory(t, undefined, `?key=${encodeURIComponent('北京')}`)).Data?.TotalCount).toBe(1);
    expect((await directory(t, undefined, `?key=${encodeURIComponent('上海')}`)).Data?.TotalCount).toBe(0);
  });

  it('keeps the choices when a form leaves them out, and refuses a malformed website', async () => {
    expect((await publicCall(t, listed, 'POST', 'EditMember', profile)).Code).toBe(200);
    expect((await directory(t)).Data?.TotalCount).toBe(1);
    expect(await publicCall(t, listed, 'POST', 'EditMember', { ...profile, Website: 'javascript:alert(1)' })).toMatchObject({
      Code: 400,
      Message: '网址应以http://或https://开头，且不超过200个字符',
    });
    expect(await publicCall(t, listed, 'POST', 'EditMember', { ...profile, DirectoryContacts: ['Password'] })).toMatchObject({ Code: 400 });
  });

  it('drops a member whom staff unlist, and a member whose membership lapsed', async () => {
    const model = (await adminCall<Record<string, unknown>>(t, admin, 'GET', `/api/XfSysBussiness/GetMemberModel/${listedId}`)).Data;
    const edit = (changes: Record<string, unknown>) =>
      adminCall(t, admin, 'POST', '/api/XfSysBussiness/EditMemberInfo', { ...model, MemberId: listedId, Pwd: '', ...changes });
    expect((await edit({ DirectoryListed: false })).Code).toBe(200);
    expect((await directory(t)).Data?.TotalCount).toBe(0);
    expect((await edit({ DirectoryListed: true })).Code).toBe(200);
    expect((await directory(t)).Data?.TotalCount).toBe(1);
    expect((await edit({ ExpireDate: '2000-01-01' })).Code).toBe(200);
    expect((await directory(t)).Data?.TotalCount).toBe(0);
    expect((await edit({ ExpireDate: '' })).Code).toBe(200);
  });

  it('is a public page in the sitemap', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('/directory</loc>');
  });
});

describe.each(engines)('member directory for members only, and switched off, on %s', (engine) => {
  let members: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    members = await createAdminTestApp(engine, {}, { memberDirectory: 'members' });
    off = await createAdminTestApp(engine, {}, { memberDirectory: 'off' });
  });
  afterAll(async () => {
    await members.close();
    await off.close();
  });

  it('asks a visitor to sign in and answers a member, out of the sitemap', async () => {
    expect(await directory(members)).toMatchObject({ Code: 401, Message: '会员名录仅对会员开放，请先登录' });
    const admin = await loginAdmin(members);
    await addMember(members, admin, await seedTypeChoices(members), 'reader');
    expect((await directory(members, await loginMember(members, 'reader'))).Code).toBe(200);
    expect((await members.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/directory');
  });

  it('answers 会员名录未开放 when off', async () => {
    expect(await directory(off)).toMatchObject({ Code: 404, Message: '会员名录未开放' });
    expect((await off.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain('/directory');
  });
});
