import { expect } from 'vitest';
import { formatCst } from '@portal/shared';
import { loadConfig, type Config } from '../src/config.js';
import type { Engine } from '../src/db/connection.js';
import { ensureSystemSeed } from '../src/features/system/seed.js';
import { createTestApp, envelope, type TestApp } from './harness.js';

/**
 * Signing in to the back office from API tests, through the real captcha flow: the answer
 * comes from the buildApp seam the harness wires (TestApp.captchas), never from a switch.
 */

/** The password of the seeded super administrator `admin` in tests. */
export const ADMIN_PASSWORD = 'Quiet-harbour-7431';

/** A clock tests move by hand (BuildOptions.now), starting at 2024-06-01 10:00 CST. */
export function testClock(start = Date.UTC(2024, 5, 1, 2, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * A test app with the back office seeded: menus, roles 超级管理员 and 内容编辑, and `admin`.
 * Tests sign in far more often than people, so the per-address login limit is lifted.
 */
export async function createAdminTestApp(
  engine: Engine,
  options: { now?: () => number; backgroundJobs?: boolean } = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const adminSession = { ...loadConfig({}).adminSession, loginsPerMinute: 10_000 };
  const t = await createTestApp(engine, { adminPassword: ADMIN_PASSWORD, adminSession, ...overrides }, options);
  await ensureSystemSeed(t.app.services, t.app.log);
  return t;
}

/** A fresh captcha: its ticket and the answer the image shows. */
export async function captcha(t: TestApp): Promise<{ ticket: string; answer: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/XfSystemApi/GetCode' });
  const { Url: ticket } = JSON.parse(res.body) as { Url: string };
  const answer = t.captchas.get(ticket);
  if (!answer) throw new Error('GetCode issued no captcha');
  return { ticket, answer };
}

/** POST Login with a fresh, correctly answered captcha; answers the envelope. */
export async function attemptLogin(t: TestApp, account: string, password: string) {
  const { ticket, answer } = await captcha(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/XfSystemApi/Login',
    payload: { Account: account, Password: password, TreeCode: answer, FullName: ticket },
  });
  return envelope<string>(res);
}

/** Signs in and answers the admin token; fails the test if the sign-in is refused. */
export async function loginAdmin(t: TestApp, account = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const body = await attemptLogin(t, account, password);
  expect(body.Code, body.Message).toBe(200);
  return body.Data;
}

/** Calls a back-office endpoint with an admin token; answers the parsed envelope. */
export async function adminCall<T = unknown>(t: TestApp, token: string | undefined, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
  return envelope<T>(res);
}

/**
 * Creates an admin with the named role through SaveAdminUser, then, as its owner, replaces the
 * password the creator chose (the first sign-in must) with `password`; answers their id.
 */
export async function createAdmin(t: TestApp, superToken: string, account: string, roleName: string, password = ADMIN_PASSWORD): Promise<number> {
  const roles = await adminCall<{ List: { RoleId: number; RoleName: string }[] }>(t, superToken, 'GET', '/api/XfSystemApi/GetRoleList?pagesize=999');
  const role = roles.Data.List.find((r) => r.RoleName === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const initial = `Initial${password}`;
  const saved = await adminCall<number>(t, superToken, 'POST', '/api/XfSystemApi/SaveAdminUser', {
    Account: account,
    FullName: account,
    RoleId: role.RoleId,
    Password: initial,
  });
  expect(saved.Code, saved.Message).toBe(200);
  await replaceInitialPassword(t, account, initial, password);
  return saved.Data;
}

/** The first sign-in after another administrator set the password: the owner's own password replaces it. */
export async function replaceInitialPassword(t: TestApp, account: string, initial: string, password: string): Promise<void> {
  const token = await loginAdmin(t, account, initial);
  const changed = await adminCall(t, token, 'POST', '/api/XfSystemApi/EditAdminPwd', { Password: initial, Newpwd: password, againNewpwd: password });
  expect(changed.Code, changed.Message).toBe(200);
}

/**
 * A member row with the given application state, straight into the table (the dashboard
 * counts and the member-token guard test need members, not the members feature's flow).
 */
export async function insertMemberRow(t: TestApp, account: string, applyState: number): Promise<number> {
  const at = formatCst(t.app.services.now());
  const { id } = await t.app.services.database.db
    .insertInto('members')
    .values({
      account,
      password_hash: '',
      member_name: account,
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
      file_path: '',
      reg_capital: 0,
      staff_count: 0,
      join_date: '',
      expire_date: '',
      apply_state: applyState,
      status: 1,
      process_item_name: '',
      last_login_at: '',
      applied_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
