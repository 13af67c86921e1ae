import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, waitingForApp } from './test.js';
import { unique, type Envelope } from './admin-session.js';
import { apiData } from './helpers.js';

/** The activity journeys' people and calls: members added as the back office would, their pages, and times ahead. */

export const MEMBER_PASSWORD = 'Member-lamp-2024';

/** A call with a token (an admin's or a member's), failing the journey unless Code is 200; answers Data. */
export async function call<T>(request: APIRequestContext, path: string, token: string, data?: Record<string, unknown>): Promise<T> {
  const res = data ? await request.post(`/api/${path}`, { data, headers: { token } }) : await request.get(`/api/${path}`, { headers: { token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** An approved member of the level, added as the back office would; answers its account. */
export async function addMember(request: APIRequestContext, admin: string, level: number, name: string): Promise<string> {
  const account = unique('act');
  const [companyType] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 1 });
  await call(request, 'XfSysBussiness/EditMemberInfo', admin, {
    MemberId: 0,
    Account: account,
    Pwd: MEMBER_PASSWORD,
    MemberName: name,
    LegalPerson: '赵六',
    CompanyType: companyType!.Id,
    MemberLevel: level,
    OperatorPhone: '13600136000',
    Email: `${account}@example.com`,
  });
  return account;
}

/** A browser page signed in as the member (the token stored as the login dialog stores it), `width` px wide. */
export async function memberPage(browser: Browser, request: APIRequestContext, account: string, width = 1440): Promise<{ page: Page; token: string }> {
  const login = (await (await request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: MEMBER_PASSWORD } })).json()) as Envelope<string>;
  expect(login.Code, login.Message).toBe(200);
  const page = waitingForApp(await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width, height: 900 } })).newPage());
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), login.Data);
  return { page, token: login.Data };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A CST time `days` from now at `hour`:00, as the pickers take it (yyyy-MM-dd HH:mm). */
export function cstAhead(days: number, hour: number): string {
  const d = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(hour)}:00`;
}

/** A CST time `ms` from now, as the API takes it (yyyy-MM-dd HH:mm:ss). */
export const cstFromNow = (ms: number): string => new Date(Date.now() + ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Moves a published activity its members signed up for to "under way": started an hour ago, ends in
 * three, sign-up closed before it began. Staff check members in from the activity's day until its end,
 * so a journey that signs up while sign-up is open (a month ahead) and then calls this does not depend
 * on the hour it runs at. `fields` adds to the saved detail (self check-in times, say).
 */
export async function underWayNow(request: APIRequestContext, admin: string, id: number, fields: Record<string, unknown> = {}): Promise<void> {
  const detail = await call<Record<string, unknown>>(request, `XfSysBussiness/GetActivity/${id}`, admin);
  await call(request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ...detail,
    ActivityId: id,
    StartTime: cstFromNow(-3_600_000),
    EndTime: cstFromNow(3 * 3_600_000),
    SignUpDeadline: cstFromNow(-2 * 3_600_000),
    ...fields,
  });
}
