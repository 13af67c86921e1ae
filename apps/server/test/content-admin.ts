import { expect } from 'vitest';
import { ApplyState, formatCst } from '@portal/shared';
import type { Engine } from '../src/db/connection.js';
import { hashToken } from '../src/features/system/auth/sessions.js';
import { adminCall, createAdmin, createAdminTestApp, insertMemberRow, loginAdmin } from './admin.js';
import type { TestApp } from './harness.js';

/**
 * The people the back-office content tests (/api/XfSysBussiness/) act as: the super
 * administrator, a 内容编辑 (the seeded role holding every content:* permission), an admin
 * whose role grants nothing, and a signed-in member.
 */
export interface ContentAdminTest {
  t: TestApp;
  admin: string;
  editor: string;
  outsider: string;
  member: string;
  /** A call under /api/XfSysBussiness/ with the given token; answers the envelope. */
  call<T = unknown>(
    token: string | undefined,
    method: 'GET' | 'POST',
    name: string,
    payload?: Record<string, unknown>,
  ): Promise<{ Code: number; Message: string; Data: T }>;
}

export async function createContentAdminTest(engine: Engine): Promise<ContentAdminTest> {
  const t = await createAdminTestApp(engine);
  const admin = await loginAdmin(t);
  await createAdmin(t, admin, 'editor', '内容编辑');
  const role = await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '无权限', MenuIds: [] });
  expect(role.Code, role.Message).toBe(200);
  await createAdmin(t, admin, 'outsider', '无权限');
  return {
    t,
    admin,
    editor: await loginAdmin(t, 'editor'),
    outsider: await loginAdmin(t, 'outsider'),
    member: await memberSession(t),
    call: (token, method, name, payload) => adminCall(t, token, method, `/api/XfSysBussiness/${name}`, payload),
  };
}

/** A live member session, stored as the members feature stores it. */
async function memberSession(t: TestApp): Promise<string> {
  const token = 'm'.repeat(43);
  const now = t.app.services.now();
  await t.app.services.database.db
    .insertInto('member_sessions')
    .values({
      token_hash: hashToken(token),
      member_id: await insertMemberRow(t, 'member_a', ApplyState.Approved),
      scope: 'member',
      ip: '127.0.0.1',
      created_at: formatCst(now),
      last_seen_at: formatCst(now),
      expires_at: formatCst(now + 86_400_000),
    })
    .execute();
  return token;
}

export type GuardedCall = [method: 'GET' | 'POST', name: string, payload?: Record<string, unknown>];

/**
 * Every call answers Code 402 without an admin session (none, made up, a member's) and 403 to
 * an admin whose role lacks the permission, before it reads or changes anything.
 */
export async function expectGuarded(c: ContentAdminTest, calls: readonly GuardedCall[]): Promise<void> {
  for (const [method, name, payload] of calls) {
    for (const token of [undefined, 'not-a-session', c.member]) {
      expect((await c.call(token, method, name, payload)).Code, `${name} with ${token}`).toBe(402);
    }
    expect(await c.call(c.outsider, method, name, payload), name).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
  }
}
