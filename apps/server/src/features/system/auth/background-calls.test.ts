import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundCall, formatCst, type ListDto, type OnlineSessionDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../../test/admin.js';
import { engines, envelope, type TestApp } from '../../../../test/harness.js';
import { hashToken } from './sessions.js';

const MINUTE = 60_000;
const SESSION_ENDED = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };

/**
 * A back-office tab left open polls on its own (the bell every minute); those calls carry
 * `X-Background: 1` and must not keep the session from idling out, while anything the admin
 * does still restarts the idle period.
 */
describe.each(engines)('background calls and the idle limit on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
  });
  afterAll(() => t.close());

  const idleMinutes = () => t.config.adminSession.idleMinutes;
  /** The bell's poll, as the web client sends it. */
  const poll = async (token: string | undefined) =>
    envelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/XfSysBussiness/GetMyNotices',
        headers: { [backgroundCall.header]: backgroundCall.value, ...(token ? { token } : {}) },
      }),
    );
  /** Polls once a minute for `minutes` minutes; each must be answered. */
  const pollFor = async (token: string, minutes: number) => {
    for (let minute = 1; minute <= minutes; minute++) {
      clock.advance(MINUTE);
      expect((await poll(token)).Code, `poll after ${minute} min`).toBe(200);
    }
  };
  /** The session's 最近活动 in 在线用户, as another admin sees it (asking with the token itself would be an action). */
  const lastActive = async (token: string) => {
    const session = await t.app.services.database.db
      .selectFrom('admin_sessions')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const online = await adminCall<ListDto<OnlineSessionDto>>(t, await loginAdmin(t), 'GET', '/api/XfSystemApi/GetOnlineList?kind=admin&pagesize=100');
    return online.Data.List.find((s) => s.SessionId === session.id)?.LastActiveTime;
  };

  it('ends a session polled every minute once the idle limit has passed since the last action, and answers the poll Code 402', async () => {
    const token = await loginAdmin(t);
    await pollFor(token, idleMinutes());
    clock.advance(MINUTE);
    expect(await poll(token)).toEqual(SESSION_ENDED);
    // Ended for good: an action after it is refused too.
    expect(await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).toEqual(SESSION_ENDED);
  });

  it('restarts the idle period at each action, not at the polls between', async () => {
    const token = await loginAdmin(t);
    const signedInAt = formatCst(clock.now());
    await pollFor(token, idleMinutes() - 10);
    // 在线用户's 最近活动 is still the sign-in: the polls were no activity.
    expect(await lastActive(token)).toBe(signedInAt);
    // The action: the idle period starts again from here.
    clock.advance(MINUTE);
    const actedAt = formatCst(clock.now());
    expect((await adminCall(t, token, 'GET', '/api/XfSystemApi/GetRoleList')).Code).toBe(200);
    await pollFor(token, idleMinutes());
    // Well past the idle limit counted from the sign-in, the session lives: it counts from the action.
    expect(await lastActive(token)).toBe(actedAt);
    clock.advance(MINUTE);
    expect(await poll(token)).toEqual(SESSION_ENDED);
  });

  it('still needs a session: a poll without one, or with a made-up token, answers Code 402', async () => {
    expect(await poll(undefined)).toEqual(SESSION_ENDED);
    expect(await poll('made-up-token')).toEqual(SESSION_ENDED);
  });
});
