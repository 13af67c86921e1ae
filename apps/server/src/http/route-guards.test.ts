import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rightsMessages, type CertHolderSessionDto } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../test/harness.js';
import { certBody, saveCert } from '../../test/certificates.js';
import { addMember, freshAddress, loginMember, publicCall, seedTypeChoices } from '../../test/members.js';

/**
 * The standing guard: generated from the routes themselves (the OpenAPI document, where
 * guard-docs.ts writes each route's guard), so a call added later without its guard fails here
 * without anyone writing a new case.
 */

/**
 * Back-office calls anyone may make: the captcha, the sign-in itself, and the sign-out, which
 * ends the session of whatever token it is given and says 已退出登录 to one that opens none.
 */
const PUBLIC_BACK_OFFICE = new Set([
  'GET /api/XfSystemApi/GetCode',
  'POST /api/XfSystemApi/Login',
  // The second step of a sign-in: the ticket Login answered stands for the right password.
  'POST /api/XfSystemApi/LoginTotp',
  'POST /api/XfSystemApi/Logout',
]);

/** Back-office calls for any signed-in admin, whatever their role: their own account and landing page. */
const ANY_ADMIN = new Set([
  'GET /api/XfSystemApi/GetLoginUser',
  'POST /api/XfSystemApi/EditAdminPwd',
  // The score portal's password change (spec §7 lists it among the public calls), with an admin token.
  'POST /api/XfWebApi/EditAdminPwd',
  // Without all=1, the admin's own menu tree, from which the client builds its routes.
  'GET /api/XfSystemApi/GetSystemMenuList',
  // The second factor of the admin's own account: turning it on (compulsory for some roles) and off.
  'POST /api/XfSystemApi/BeginTotp',
  'POST /api/XfSystemApi/ConfirmTotp',
  'POST /api/XfSystemApi/DisableTotp',
  // Its recovery codes: how many are left, and new ones in place of the old.
  'GET /api/XfSystemApi/GetRecoveryCodeCount',
  'POST /api/XfSystemApi/RenewRecoveryCodes',
  // The admin's own in-app notices (features/review/notices.ts).
  'GET /api/XfSysBussiness/GetMyNotices',
  'POST /api/XfSysBussiness/ReadNotices',
]);

interface Operation {
  call: string;
  method: 'GET' | 'POST';
  url: string;
  adminPermissions?: string[];
  memberSession?: string;
}

function operations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-admin-permissions'?: string[]; 'x-member-session'?: string }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => {
        const upper = method.toUpperCase() as 'GET' | 'POST';
        return {
          call: `${upper} ${path}`,
          method: upper,
          url: path.replace(/\{[^}]+\}/g, '1'),
          adminPermissions: op['x-admin-permissions'],
          memberSession: op['x-member-session'],
        };
      }),
  );
}

const isBackOffice = (op: Operation) => /^\/api\/(XfSystemApi|XfSysBussiness)\//.test(op.url);

describe.each(enginesFor('neutral'))('every route’s guard on %s', (engine) => {
  let t: TestApp;
  let ops: Operation[];
  const tokens: Record<'root' | 'member' | 'powerless' | 'holder', string> = { root: '', member: '', powerless: '', holder: '' };

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    tokens.root = await loginAdmin(t);
    await addMember(t, tokens.root, await seedTypeChoices(t), 'guard_member');
    tokens.member = await loginMember(t, 'guard_member');
    expect((await adminCall(t, tokens.root, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '无任何权限', MenuIds: [] })).Code).toBe(200);
    await createAdmin(t, tokens.root, 'powerless', '无任何权限');
    tokens.powerless = await loginAdmin(t, 'powerless', ADMIN_PASSWORD);
    await saveCert(t, tokens.root);
    const body = certBody();
    tokens.holder = (
      await publicCall<CertHolderSessionDto>(t, undefined, 'POST', 'VerifyCertHolder', { Name: body._name, IdNum: body._idNum, Proof: body._certNum })
    ).Data.Token;
    await t.app.ready();
    ops = operations(t);
  });
  afterAll(() => t.close());

  const call = async (op: Operation, token: string | undefined, extra: { query?: string; payload?: unknown } = {}) => {
    const res = await t.app.inject({
      method: op.method,
      url: op.url + (extra.query ?? ''),
      headers: { ...freshAddress(), ...(token ? { token } : {}) },
      ...(extra.payload !== undefined ? { payload: extra.payload as Record<string, unknown> } : {}),
    });
    return { status: res.statusCode, ...envelope(res) };
  };

  it('finds the calls of every area in the route list', () => {
    const areas = new Set(ops.map((op) => op.url.split('/')[2]));
    expect([...areas]).toEqual(expect.arrayContaining(['XfWebApi', 'XfSystemApi', 'XfSysBussiness']));
    expect(ops.filter(isBackOffice).length).toBeGreaterThan(50);
  });

  it('guards every back-office call: Code 402 without an admin session, 403 without the permission', async () => {
    const openToEveryAdmin = ops.filter((op) => op.adminPermissions?.length === 0).map((op) => op.call);
    expect(openToEveryAdmin.sort()).toEqual([...ANY_ADMIN].sort());
    for (const op of ops.filter(isBackOffice)) {
      if (PUBLIC_BACK_OFFICE.has(op.call)) {
        expect(op.adminPermissions, op.call).toBeUndefined();
        continue;
      }
      expect(op.adminPermissions, `${op.call} has no requireAdmin guard`).toBeDefined();
      for (const token of [undefined, 'not-a-real-token', tokens.member])
        expect((await call(op, token)).Code, `${op.call} with ${token ?? 'no token'}`).toBe(402);
      if (op.adminPermissions?.length) expect((await call(op, tokens.powerless)).Code, `${op.call} without permission`).toBe(403);
      else expect(ANY_ADMIN.has(op.call), `${op.call} is open to every admin; list it in ANY_ADMIN if it should be`).toBe(true);
    }
  });

  it('records each 403 in the audit log: who, which call, when', async () => {
    const log = await adminCall<{ List: { Account: string; Action: string; Detail: string; CreateTime: string }[] }>(
      t,
      tokens.root,
      'GET',
      '/api/XfSystemApi/GetAuditLogList?action=auth:forbidden&pagesize=1000',
    );
    const refused = ops.filter((op) => isBackOffice(op) && op.adminPermissions?.length).map((op) => op.call.replace(/\{/g, ':').replace(/\}/g, ''));
    expect(log.Data.List.length).toBe(refused.length);
    expect(log.Data.List.every((e) => e.Account === 'powerless' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(e.CreateTime))).toBe(true);
    const details = log.Data.List.map((e) => e.Detail);
    for (const ref of refused)
      expect(
        details.some((d) => d.startsWith(ref)),
        ref,
      ).toBe(true);
  });

  it('answers Code 401 on every member-only call without a member session, an admin’s token included', async () => {
    const memberOnly = ops.filter((op) => op.memberSession && op.memberSession !== 'cert-holder');
    expect(memberOnly.map((op) => op.call)).toEqual(
      expect.arrayContaining(['GET /api/XfWebApi/GetUserInfo', 'POST /api/XfWebApi/EditMember', 'POST /api/XfWebApi/EditMemberPwd']),
    );
    for (const op of memberOnly) {
      for (const token of [undefined, 'not-a-real-token', tokens.root])
        expect((await call(op, token)).Code, `${op.call} with ${token ?? 'no token'}`).toBe(401);
    }
  });

  it('answers Code 403 on every certificate holder’s call without a live verification, a member’s token included', async () => {
    const holderOnly = ops.filter((op) => op.memberSession === 'cert-holder');
    expect(holderOnly.map((op) => op.call)).toEqual(expect.arrayContaining(['GET /api/XfWebApi/GetHolderData', 'POST /api/XfWebApi/SaveHolderRightsRequest']));
    for (const op of holderOnly) {
      for (const token of [undefined, 'not-a-real-token', tokens.member, tokens.root])
        expect(await call(op, token), `${op.call} with ${token ?? 'no token'}`).toMatchObject({ Code: 403, Message: rightsMessages.holderSessionExpired });
      // Verified, the guard lets it through (a download answers its file, not an envelope).
      const verified = await t.app.inject({
        method: op.method,
        url: op.url,
        headers: { ...freshAddress(), token: tokens.holder },
        payload: op.method === 'POST' ? {} : undefined,
      });
      expect(verified.body, `${op.call} verified`).not.toContain(rightsMessages.holderSessionExpired);
    }
  });

  /** The token that gets a call past its guard, so the check of its input is what answers. */
  const admitted = (op: Operation) =>
    op.adminPermissions ? tokens.root : op.memberSession === 'cert-holder' ? tokens.holder : op.memberSession ? tokens.member : undefined;

  it('refuses a NUL byte in any parameter of any call with a clear Code 400', async () => {
    for (const op of ops) {
      const answer =
        op.method === 'GET' ? await call(op, admitted(op), { query: '?key=a%00b' }) : await call(op, admitted(op), { payload: { Title: 'a\u0000b' } });
      expect({ call: op.call, Code: answer.Code, Message: answer.Message }).toEqual({ call: op.call, Code: 400, Message: '提交的内容含有不允许的控制字符' });
    }
  });

  it('refuses a 2 MB string in the body of any write call, saying it is too large', async () => {
    const huge = { Title: 'x'.repeat(2 * 1024 * 1024) };
    for (const op of ops.filter((o) => o.method === 'POST')) {
      const answer = await call(op, admitted(op), { payload: huge });
      expect({ call: op.call, status: answer.status, Code: answer.Code, Message: answer.Message }).toEqual({
        call: op.call,
        status: 413,
        Code: 413,
        Message: '提交的内容过大',
      });
    }
  });
});
