import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { formatCst } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, applicationForm, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';
import { decodePng } from '../../../test/png.js';
import { expandSafely } from '../../../test/open-badges.js';

const BASE = 'https://www.cpirma.example.cn';
const DAY = 24 * 60 * 60_000;

interface MembershipClaims {
  '@context': string[];
  id: string;
  type: string[];
  issuer: { id: string; name: string };
  validFrom: string;
  validUntil?: string;
  credentialSubject: { name: string; memberNo: string; level: string; joinDate: string; expireDate?: string };
}
/** The membership context's own terms, by the address it is served at. */
const OWN = `${BASE}/credentials/contexts/membership/v1#`;
const CRED = 'https://www.w3.org/2018/credentials#';

/**
 * The electronic membership card with a clock at 2024-06-01 10:00 CST: the PNG and the signed
 * credential for a member in good standing, refused otherwise; the verification page its QR
 * code opens, for every state; revoking and restoring by staff.
 */
describe.each(engines)('electronic membership card on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false }, { publicBaseUrl: BASE });
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
  });
  afterAll(() => t.close());

  /** A member who joined 2023-06-01, with the given 有效期至 (grace: 30 days, the default), signed in. */
  const member = async (account: string, expireDate: string) => {
    const id = await addMember(t, admin, types, account, { JoinDate: '2023-06-01', ExpireDate: expireDate });
    return { id, token: await loginMember(t, account) };
  };
  const setExpiry = async (id: number, account: string, ExpireDate: string) => {
    const saved = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/EditMemberInfo', {
      ...applicationForm(types, account),
      MemberId: id,
      Pwd: '',
      JoinDate: '2023-06-01',
      ExpireDate,
    });
    expect(saved.Code, saved.Message).toBe(200);
  };
  const card = (token: string) => publicCall<string>(t, token, 'GET', 'GetMyMemberCard');
  const credential = async (token: string) => {
    const answer = await publicCall<string>(t, token, 'GET', 'GetMyMemberCredential');
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  /** The verification page at an absolute or site-relative address. */
  const page = (url: string) => t.app.inject({ method: 'GET', url: url.replace(BASE, '') });
  const revoke = (token: string | undefined, body: Record<string, unknown>) => adminCall(t, token, 'POST', '/api/XfSysBussiness/RevokeMemberCard', body);

  it('draws the card of a member in good standing as a PNG, with a signed credential that the published key alone verifies', async () => {
    const { token } = await member('cardvalid', '2025-05-31');
    const answer = await card(token);
    expect(answer.Code, answer.Message).toBe(200);
    const png = decodePng(Buffer.from(answer.Data, 'base64'));
    expect([png.width, png.height]).toEqual([1000, 630]);

    const jwt = await credential(token);
    // What a verifier elsewhere has: the site's published key set, nothing else.
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    const keys = createLocalJWKSet(JSON.parse(jwks.body) as JSONWebKeySet);
    const { payload } = await jwtVerify(jwt, keys, { algorithms: ['RS256'], currentDate: new Date(clock.now()) });
    const claims = payload as unknown as MembershipClaims;
    expect(claims.type).toEqual(['VerifiableCredential', 'MembershipCredential']);
    expect(claims.credentialSubject).toMatchObject({ name: 'cardvalid工程有限公司', level: '理事单位', joinDate: '2023-06-01', expireDate: '2025-05-31' });
    expect(claims.credentialSubject.memberNo).toMatch(/^HY\d{6}$/);
    expect(claims.issuer.id).toBe(`${BASE}/cert/issuer`);
    expect(payload.jti).toBe(claims.id);
    // Valid to the end of grace: 2025-05-31 plus 30 days, midnight CST.
    expect(claims.validUntil).toBe('2025-07-01T00:00:00+08:00');
    expect(payload.exp).toBe(Date.parse('2025-07-01T00:00:00+08:00') / 1000);
    expect(claims.id).toMatch(new RegExp(`^${BASE}/member-card/verify/${claims.credentialSubject.memberNo}\\.[\\w-]{22}$`));

    // Issued once: validFrom is the first download's time, in whole seconds as nbf is, and every
    // later copy (same id) says the same.
    const issued = `${formatCst(clock.now()).replace(' ', 'T')}+08:00`;
    expect(claims.validFrom).toBe(issued);
    expect(payload.nbf).toBe(Date.parse(issued) / 1000);
    clock.advance(90_500);
    const later = decodeJwt(await credential(token)) as unknown as MembershipClaims;
    expect(later).toMatchObject({ id: claims.id, validFrom: issued });
    expect(decodeJwt(await credential(token)).nbf).toBe(payload.nbf);

    // Every term is defined by a context the credential names: VC 2.0's and the association's,
    // served at its address. Safe mode throws on any term it would otherwise drop.
    expect(claims['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', `${BASE}/credentials/contexts/membership/v1`]);
    const [expanded] = await expandSafely(t, payload);
    expect(expanded!['@type']).toEqual([`${CRED}VerifiableCredential`, `${OWN}MembershipCredential`]);
    const [subject] = expanded![`${CRED}credentialSubject`] as Record<string, unknown>[];
    expect(subject).toMatchObject({
      '@type': ['https://schema.org/Organization', `${OWN}Member`],
      'https://schema.org/name': [{ '@value': 'cardvalid工程有限公司' }],
      'https://schema.org/membershipNumber': [{ '@value': claims.credentialSubject.memberNo }],
      'https://schema.org/memberOf': [{ '@id': `${BASE}/cert/issuer` }],
      [`${OWN}level`]: [{ '@value': '理事单位' }],
      [`${OWN}joinDate`]: [{ '@type': 'http://www.w3.org/2001/XMLSchema#date', '@value': '2023-06-01' }],
      [`${OWN}expireDate`]: [{ '@type': 'http://www.w3.org/2001/XMLSchema#date', '@value': '2025-05-31' }],
    });
    // As it was issued before, with VC 2.0's context alone: safe mode refuses it.
    await expect(expandSafely(t, { ...payload, '@context': ['https://www.w3.org/ns/credentials/v2'] })).rejects.toThrow();

    // A changed claim breaks the signature.
    const [head, , signature] = jwt.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, credentialSubject: { ...claims.credentialSubject, level: '会长单位' } })).toString('base64url');
    await expect(jwtVerify(`${head}.${forged}.${signature}`, keys, { currentDate: new Date(clock.now()) })).rejects.toThrow();

    const res = await page(claims.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('会员资格有效');
    expect(res.body).toContain('class="state valid"');
    for (const fact of ['cardvalid工程有限公司', '理事单位', claims.credentialSubject.memberNo, '2023-06-01', '2025-05-31']) expect(res.body).toContain(fact);
    // Never contact details.
    for (const contact of ['cardvalid@example.com', '13812345678', '张三', '李四']) expect(res.body).not.toContain(contact);
  });

  it('leaves out 有效期至 (and validUntil) of a membership without an end, rather than an empty date', async () => {
    const { token } = await member('cardlong', '');
    const payload = decodeJwt(await credential(token));
    const claims = payload as unknown as MembershipClaims;
    expect(claims.credentialSubject).toMatchObject({ joinDate: '2023-06-01' });
    expect(claims.credentialSubject).not.toHaveProperty('expireDate');
    expect(claims).not.toHaveProperty('validUntil');
    expect(payload.exp).toBeUndefined();
    await expandSafely(t, payload);
  });

  it('gives a member in grace the card; the page says the membership stands, renewal due', async () => {
    const { token } = await member('cardgrace', '2024-05-20');
    expect((await card(token)).Code).toBe(200);
    const { jti } = decodeJwt(await credential(token));
    const res = await page(jti!);
    expect(res.body).toContain('会员资格有效（宽限期）');
    expect(res.body).toContain('续费宽限期（至2024-06-19）');
    expect(res.body).toContain('class="state warn"');
  });

  it('refuses a lapsed member the card and the credential; the address already printed says 已过期', async () => {
    const { id, token } = await member('cardlapse', '2025-05-31');
    const { jti } = decodeJwt(await credential(token));
    await setExpiry(id, 'cardlapse', '2024-01-31');
    expect(await card(token)).toMatchObject({ Code: 400, Message: '会员资格已过期，请续费后使用' });
    expect(await publicCall(t, token, 'GET', 'GetMyMemberCredential')).toMatchObject({ Code: 400, Message: '会员资格已过期，请续费后使用' });
    const res = await page(jti!);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('会员资格已过期');
    expect(res.body).toContain('已于2024-01-31到期');
    expect(res.body).toContain('class="state bad"');
  });

  it('reads the day from the clock: the page turns to 宽限期 the day after 有效期至, without waiting for the job', async () => {
    const { token } = await member('cardclock', '2024-06-02');
    const { jti } = decodeJwt(await credential(token));
    expect((await page(jti!)).body).toContain('会员资格有效</h1>');
    clock.advance(2 * DAY);
    try {
      expect((await page(jti!)).body).toContain('会员资格有效（宽限期）');
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it('lets staff with the permission revoke a card with a reason and restore it, audited; the page says 已吊销 with the date', async () => {
    const { id, token } = await member('cardrevoke', '2025-05-31');
    const { jti } = decodeJwt(await credential(token));

    expect(await revoke(admin, { MemberId: id, Revoke: true, Reason: '  ' })).toMatchObject({ Code: 400, Message: '请输入吊销原因' });
    expect(await revoke(admin, { MemberId: id, Revoke: true })).toMatchObject({ Code: 400, Message: '请输入吊销原因' });
    expect(await revoke(admin, { MemberId: 999_999, Revoke: true, Reason: '违规' })).toMatchObject({ Code: 404, Message: '会员不存在' });
    expect(await revoke(undefined, { MemberId: id, Revoke: true, Reason: '违规' })).toMatchObject({ Code: 402 });
    await createAdmin(t, admin, 'cardeditor', '内容编辑');
    const editor = await loginAdmin(t, 'cardeditor');
    expect(await revoke(editor, { MemberId: id, Revoke: true, Reason: '违规' })).toMatchObject({ Code: 403 });
    expect((await page(jti!)).body).toContain('会员资格有效</h1>');

    expect(await revoke(admin, { MemberId: id, Revoke: true, Reason: '转借他人使用' })).toMatchObject({ Code: 200, Message: '已吊销该会员的电子会员证' });
    expect(await card(token)).toMatchObject({ Code: 400, Message: '电子会员证已被吊销，请联系协会' });
    expect(await publicCall(t, token, 'GET', 'GetMyMemberCredential')).toMatchObject({ Code: 400, Message: '电子会员证已被吊销，请联系协会' });
    const revoked = await page(jti!);
    expect(revoked.body).toContain('会员证已吊销');
    expect(revoked.body).toContain('已于2024-06-01被协会吊销');
    expect(revoked.body).toContain('已吊销');
    // The reason is for staff.
    expect(revoked.body).not.toContain('转借他人使用');

    expect(await revoke(admin, { MemberId: id, Revoke: false })).toMatchObject({ Code: 200, Message: '已恢复该会员的电子会员证' });
    expect((await card(token)).Code).toBe(200);
    expect((await page(jti!)).body).toContain('会员资格有效</h1>');
    const row = await t.app.services.database.db
      .selectFrom('members')
      .select(['card_revoked_at', 'card_revoke_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ card_revoked_at: '', card_revoke_reason: '' });

    const audit = await t.app.services.database.db
      .selectFrom('audit_logs')
      .select(['account', 'action', 'target', 'result', 'detail'])
      .where('target_id', '=', String(id))
      .where('action', 'in', ['member:card:revoke', 'auth:forbidden'])
      .orderBy('id')
      .execute();
    expect(audit.filter((a) => a.result === 1)).toEqual([
      { account: 'admin', action: 'member:card:revoke', target: '电子会员证', result: 1, detail: 'cardrevoke工程有限公司：吊销，转借他人使用' },
      { account: 'admin', action: 'member:card:revoke', target: '电子会员证', result: 1, detail: 'cardrevoke工程有限公司：恢复' },
    ]);
  });

  it('says 已停用 for a suspended member', async () => {
    const { id, token } = await member('cardstop', '2025-05-31');
    const { jti } = decodeJwt(await credential(token));
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/MemberBatch', { Ids: [id], Action: 'suspend' })).Code).toBe(200);
    expect((await page(jti!)).body).toContain('会员资格已停用');
  });

  it('answers the same 404 page for any address it did not make: a guessed number, a borrowed signature, a mangled token', async () => {
    const { id, token } = await member('cardguess', '2025-05-31');
    const { jti } = decodeJwt(await credential(token));
    const [number, signature] = jti!.split('/').pop()!.split('.') as [string, string];
    const other = `HY${String(id + 1).padStart(6, '0')}`;
    for (const path of [
      `${other}.${signature}`,
      `${number}.${'A'.repeat(22)}`,
      number,
      `${number}.${signature}x`,
      '%E4%BC%9A',
      `${number.toLowerCase()}.${signature}`,
    ]) {
      const res = await page(`/member-card/verify/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain('未找到该会员证');
      expect(res.body, path).not.toContain('cardguess');
    }
  });
});
