import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInActivityDto, VenueCheckInCodeDto } from '@portal/shared';
import { activityScene, type ActivityScene } from '../../../test/activities.js';
import { engines } from '../../../test/harness.js';
import { currentVenueCode } from './venue-codes.js';

/**
 * 动态签到码: an activity may have its venue QR change every 30 s, so a photo of it sent away
 * soon stops working. The option is saved and kept by a save that leaves it out; the screen
 * asks for the current code; the code of this window and the last check in, an older one is
 * refused as expired, the static key is refused while the code rotates, and turning the
 * option off brings the static key back.
 */
describe.each(engines)('venue code rotation on %s', (engine) => {
  let s: ActivityScene;
  let id: number;
  let windowless: number;
  const expired = { Code: 400, Message: '签到码已过期，请扫描现场大屏上的最新二维码' };
  const invalid = { Code: 400, Message: '签到二维码无效或已更换，请扫描活动现场的签到二维码' };

  beforeAll(async () => {
    s = await activityScene(engine);
    await s.addMembers('alice', 'bob', 'carol', 'dave', 'erin');
    id = await s.publish({ SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 09:30:00' });
    windowless = await s.publish({ Title: '无自助签到的讲座' });
    for (const account of ['alice', 'bob', 'carol', 'dave', 'erin']) expect((await s.member(account, 'SignUpActivity', { ActivityId: id })).Code).toBe(200);
  });
  afterAll(() => s.close());

  const door = async () => (await s.business<CheckInActivityDto>(`GetCheckInActivity/${id}`)).Data;
  const venueCode = (activityId = id) => s.business<VenueCheckInCodeDto>(`GetVenueCheckInCode/${activityId}`);
  const self = (account: string, Key: string) => s.member<string>(account, 'SelfCheckInActivity', { ActivityId: id, Key });
  const storedKey = async () =>
    (await s.t.app.services.database.db.selectFrom('activities').select('self_check_in_key').where('id', '=', id).executeTakeFirstOrThrow()).self_check_in_key;

  it('is off by default, saved when turned on, and kept by a save that leaves it out', async () => {
    expect((await s.detail(id)).SelfCheckInRotating).toBe(false);
    const staticKey = (await door()).SelfCheckInKey;
    expect(staticKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await door()).toMatchObject({ SelfCheckInRotating: false });
    expect(await venueCode()).toMatchObject({ Code: 400, Message: '本活动未开启动态签到码' });

    await s.save({ ActivityId: id, SelfCheckInRotating: true });
    expect(await s.detail(id)).toMatchObject({ SelfCheckInRotating: true, SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 09:30:00' });
    // The screen is given codes, never the key they are derived from.
    expect(await door()).toMatchObject({ SelfCheckInRotating: true, SelfCheckInKey: '' });
    expect(await storedKey()).toBe(staticKey);

    // The test's body (test/activities.ts activityBody) does not carry SelfCheckInRotating.
    await s.save({ ActivityId: id, Title: '改名后的培训班' });
    expect(await s.detail(id)).toMatchObject({ Title: '改名后的培训班', SelfCheckInRotating: true });
  });

  it('answers the current code and when it changes; refuses an activity without a window, a draft and a caller without a back-office session', async () => {
    s.moveTo('2024-06-20 08:45:00');
    const first = await venueCode();
    expect(first).toMatchObject({ Code: 200, Data: { ChangesInMs: 30_000 } });
    expect(first.Data.Key).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    s.moveTo('2024-06-20 08:45:20');
    expect((await venueCode()).Data).toEqual({ Key: first.Data.Key, ChangesInMs: 10_000 });
    s.moveTo('2024-06-20 08:45:30');
    const next = (await venueCode()).Data;
    expect(next.ChangesInMs).toBe(30_000);
    expect(next.Key).not.toBe(first.Data.Key);

    expect(await venueCode(windowless)).toMatchObject({ Code: 400, Message: '本活动未开放自助签到' });
    const draft = await s.save({ Title: '草稿', SelfCheckInStart: '2024-06-20 08:30:00', SelfCheckInEnd: '2024-06-20 09:30:00', SelfCheckInRotating: true });
    expect(await venueCode(draft)).toMatchObject({ Code: 404, Message: '活动不存在或已删除' });
    const anonymous = await s.t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/GetVenueCheckInCode/${id}` });
    expect(anonymous.json()).toMatchObject({ Code: 402 });
  });

  it('checks in with the code of this window or the last, and refuses an older one as expired', async () => {
    s.moveTo('2024-06-20 08:50:05');
    const shown = (await venueCode()).Data.Key;
    expect(await self('alice', shown)).toEqual({ Code: 200, Message: '签到成功', Data: '2024-06-20 08:50:05' });
    // Scanned as the screen changed: the last window's code still works.
    s.moveTo('2024-06-20 08:50:31');
    expect((await venueCode()).Data.Key).not.toBe(shown);
    expect(await self('bob', shown)).toEqual({ Code: 200, Message: '签到成功', Data: '2024-06-20 08:50:31' });
    // Two windows on, a photo of it is refused with the reason.
    s.moveTo('2024-06-20 08:51:00');
    expect(await self('carol', shown)).toEqual({ ...expired, Data: null });
    // Forged or altered codes, and a window not yet handed out, are not ours.
    const key = await storedKey();
    const now = s.clock.now();
    expect(await self('carol', currentVenueCode(key, now + 30_000).code)).toMatchObject(invalid);
    expect(await self('carol', currentVenueCode('another key', now).code)).toMatchObject(invalid);
    expect(await self('carol', `${shown.split('.')[0]}.${'A'.repeat(22)}`)).toMatchObject(invalid);
    expect(await self('carol', 'garbage')).toMatchObject(invalid);
    // The static key is refused while the code rotates: a QR printed before lets no one in.
    expect(await self('carol', key)).toMatchObject(invalid);
    expect(await self('carol', (await venueCode()).Data.Key)).toEqual({ Code: 200, Message: '签到成功', Data: '2024-06-20 08:51:00' });
    const checkedIn = await s.t.app.services.database.db
      .selectFrom('activity_notices')
      .select('member_id')
      .where('activity_id', '=', id)
      .where('checked_in_at', '!=', '')
      .orderBy('member_id')
      .execute();
    expect(checkedIn.map((r) => r.member_id)).toEqual([s.ids.alice, s.ids.bob, s.ids.carol]);
  });

  it('turned off, the static key works again and a rotating code does not', async () => {
    s.moveTo('2024-06-20 09:00:00');
    const rotating = (await venueCode()).Data.Key;
    await s.save({ ActivityId: id, SelfCheckInRotating: false });
    const { SelfCheckInKey, SelfCheckInRotating } = await door();
    expect(SelfCheckInRotating).toBe(false);
    expect(SelfCheckInKey).toBe(await storedKey());
    expect(await self('dave', rotating)).toMatchObject(invalid);
    expect(await self('dave', SelfCheckInKey)).toEqual({ Code: 200, Message: '签到成功', Data: '2024-06-20 09:00:00' });
  });

  it('outside the self check-in window, a current code is refused by the window', async () => {
    await s.save({ ActivityId: id, SelfCheckInRotating: true });
    s.moveTo('2024-06-20 09:30:01');
    expect(await self('erin', (await venueCode()).Data.Key)).toMatchObject({ Code: 400, Message: '自助签到已结束（2024-06-20 09:30 截止），请到签到台签到' });
  });
});
