import { expect } from 'vitest';
import { formatCst } from '@portal/shared';
import { adminCall } from './admin.js';
import { envelope, type TestApp } from './harness.js';

/**
 * The member area from API tests: type list entries to choose from, application forms,
 * member sign-in, and a client address per call where a per-address limit would otherwise
 * count a whole suite as one visitor.
 */

export const MEMBER_PASSWORD = 'Lantern-field-2024';

export interface TypeChoices {
  companyType: number;
  memberLevel: number;
  /** A disabled list 1 entry. */
  disabledCompanyType: number;
  /** A list 3 entry: neither a company type nor a level. */
  otherType: number;
}

/** Entries of type lists 1 (单位归类), 2 (会员等级) and 3. */
export async function seedTypeChoices(t: TestApp): Promise<TypeChoices> {
  const created_at = formatCst();
  const insert = (type: number, name: string, status = 1) =>
    t.app.services.database.db
      .insertInto('type_items')
      .values({ type, name, sort_number: 0, status, created_at })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  return {
    companyType: await insert(1, '施工企业'),
    memberLevel: await insert(2, '理事单位'),
    disabledCompanyType: await insert(1, '已停用类型', 0),
    otherType: await insert(3, '其他'),
  };
}

/** A complete, valid application for an account. */
export function applicationForm(types: TypeChoices, account: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    CompanyType: types.companyType,
    MemberLevel: types.memberLevel,
    LegalPerson: '张三',
    Account: account,
    Pwd: MEMBER_PASSWORD,
    MemberName: `${account}工程有限公司`,
    Email: `${account}@example.com`,
    OperatorPhone: '13812345678',
    CompanyMent: '国有企业',
    Mainbusiness: '工程施工',
    RegAddress: '北京市西城区',
    DailyOperator: '李四',
    Remarks: '',
    ...overrides,
  };
}

let addresses = 0;
/** A client address no other call of this process has used (the app trusts X-Forwarded-For). */
export function freshAddress(): Record<string, string> {
  addresses += 1;
  return { 'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` };
}

type Answer<T> = { Code: number; Message: string; Data: T; Token?: string };

/** A public member-area call (/api/XfWebApi/...) from a fresh address, with a token when given. */
export async function publicCall<T = unknown>(t: TestApp, token: string | undefined, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({
    method,
    url: `/api/XfWebApi/${url}`,
    headers: { ...freshAddress(), ...(token ? { token } : {}) },
    ...(payload ? { payload } : {}),
  });
  return envelope<T>(res) as Answer<T>;
}

/** ApplyMember; fails the test unless accepted. */
export async function submitApplication(t: TestApp, form: Record<string, unknown>, token?: string): Promise<void> {
  const body = await publicCall(t, token, 'POST', 'ApplyMember', form);
  expect(body, body.Message).toMatchObject({ Code: 200, Message: '提交成功' });
}

/** POST GetLoginToken with str1/str2. */
export function memberLogin(t: TestApp, account: string, password = MEMBER_PASSWORD) {
  return publicCall<string | null>(t, undefined, 'POST', 'GetLoginToken', { str1: account, str2: password });
}

/** Signs a member in and answers the token; fails the test if refused. */
export async function loginMember(t: TestApp, account: string, password = MEMBER_PASSWORD): Promise<string> {
  const body = await memberLogin(t, account, password);
  expect(body.Code, body.Message).toBe(200);
  return body.Data as string;
}

/** Adds an approved member through the back office (EditMemberInfo, MemberId 0); answers the id. */
export async function addMember(t: TestApp, adminToken: string, types: TypeChoices, account: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const saved = await adminCall<number>(t, adminToken, 'POST', '/api/XfSysBussiness/EditMemberInfo', {
    MemberId: 0,
    ...applicationForm(types, account),
    ...overrides,
  });
  expect(saved.Code, saved.Message).toBe(200);
  return saved.Data;
}
