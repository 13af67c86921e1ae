import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { CertModelDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { idNumber, saveCert } from '../../../test/certificates.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';
import { expectSchemaValid, fetchFromApp, revocationBit, verifyByKid } from '../../../test/open-badges.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { runCli } from '../../../test/processes.js';

const BASE = 'https://www.cpirma.example.cn';
const ISSUER = `${BASE}/cert/issuer`;

interface StatusEntry {
  id: string;
  type: string;
  statusPurpose: string;
  statusListIndex: string;
  statusListCredential: string;
}
type Credential = JWTPayload & { id: string; issuer: { id: string }; validFrom: string; credentialSubject: { id: string }; credentialStatus: StatusEntry };

/**
 * The credentials as Open Badges 3.0 asks and as outside tools check them: RS256, a kid that
 * answers the key, the JWT claims OB 3.0 derives, 1EdTech's JSON Schema, and a W3C Bitstring
 * Status List that follows the records (hidden, deleted, restored certificates; revoked,
 * restored, suspended cards), with keys that stay published across a rotation.
 */
describe.each(engines)('Open Badges 3.0 credentials on %s', (engine) => {
  // Today, held still: status lists are dated by it, and moved on by the test of their dates.
  const clock = testClock(Date.now());
  let t: TestApp;
  let admin: string;
  let serial = 100;

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now }, { publicBaseUrl: BASE });
    admin = await loginAdmin(t);
  });
  afterAll(() => t.close());

  /** A passed certificate of its own holder and number: its id and verification token. */
  const certificate = async () => {
    serial += 1;
    const id = await saveCert(t, admin, { _name: '欧阳晓明', _idNum: idNumber(serial), _certNum: `GCFX-2024-${serial}` });
    const model = await adminCall<CertModelDto>(t, admin, 'GET', `/api/XfSysBussiness/GetCertModel?CertId=${id}&view=cert`);
    return { id, token: model.Data._verifyUrl.split('/').pop()! };
  };
  const download = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/cert/verify/${token}/credential` });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const setStatus = async (id: number, Status: number) =>
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/EditCertStatus', { Ids: [id], Status })).Code).toBe(200);
  const keySet = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).body) as JSONWebKeySet;

  it('signs a certificate RS256, naming by kid the address that answers its key, with the claims OB 3.0 derives; it passes 1EdTech’s schema', async () => {
    const cert = await certificate();
    const jwt = await download(cert.token);
    const header = decodeProtectedHeader(jwt);
    // OB 3.0 allows no other header parameters.
    expect(Object.keys(header).sort()).toEqual(['alg', 'kid', 'typ']);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(header.kid).toMatch(new RegExp(`^${BASE}/credentials/keys/[\\w-]{43}$`));

    const payload = (await verifyByKid(t, jwt)) as Credential;
    expect(payload.iss).toBe(ISSUER);
    expect(payload.issuer.id).toBe(ISSUER);
    expect(payload.jti).toBe(payload.id);
    expect(payload.id).toBe(`${BASE}/cert/verify/${cert.token}`);
    expect(payload.sub).toBe(payload.credentialSubject.id);
    expect(payload.sub).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payload.nbf).toBe(Date.parse(payload.validFrom) / 1000);
    expect(payload.exp).toBeUndefined();
    expect(JSON.stringify(payload)).not.toContain(idNumber(serial));
    expectSchemaValid(payload);

    // The subject's id is the certificate's: the same in every copy, another for another certificate.
    const again = decodeJwt(await download(cert.token)) as Credential;
    expect(again.sub).toBe(payload.sub);
    expect(again.credentialStatus).toEqual(payload.credentialStatus);
    expect((decodeJwt(await download((await certificate()).token)) as Credential).sub).not.toBe(payload.sub);

    // The key set names the same key by the same kid, for verifiers that start from it.
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    expect(jwks.headers['access-control-allow-origin']).toBe('*');
    const keys = (JSON.parse(jwks.body) as JSONWebKeySet).keys;
    const key = keys.find((k) => k.kid === header.kid);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', iss: ISSUER });
    expect(Buffer.from(key!.n!, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);
    for (const k of keys) expect(k).not.toHaveProperty('d');
    await jwtVerify(jwt, createLocalJWKSet({ keys }), { algorithms: ['RS256'] });
  });

  it('serves the issuer profile at the credentials’ iss, a 1EdTech Profile naming the keys it signs with', async () => {
    const { kid } = decodeProtectedHeader(await download((await certificate()).token));
    const res = await fetchFromApp(t, ISSUER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const profile = JSON.parse(res.body) as {
      '@context': string[];
      id: string;
      verificationMethod: { id: string; controller: string; publicKeyJwk: JWK }[];
      assertionMethod: string[];
    };
    expectSchemaValid(profile, 'Profile');
    expect(profile).toMatchObject({ id: ISSUER, type: ['Profile'], name: '中国建设工程保险风险管理协会' });
    expect(profile['@context'].slice(0, 2)).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    expect(profile.assertionMethod).toContain(kid);
    const method = profile.verificationMethod.find((m) => m.id === kid);
    expect(method).toMatchObject({ type: 'JsonWebKey', controller: ISSUER, publicKeyJwk: { kid, alg: 'RS256' } });
    expect(method!.publicKeyJwk).not.toHaveProperty('d');
  });

  it('sets a certificate’s revocation bit while it is hidden or deleted, and clears it when restored; the list is a signed, cacheable 16 KB bitstring', async () => {
    const cert = await certificate();
    const other = await certificate();
    const payload = (await verifyByKid(t, await download(cert.token))) as Credential;
    const otherPayload = (await verifyByKid(t, await download(other.token))) as Credential;
    const entry = payload.credentialStatus;
    expect(entry).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(entry.statusListCredential).toMatch(new RegExp(`^${BASE}/credentials/status/certificates/\\d+$`));
    expect(entry.id).toBe(`${entry.statusListCredential}#${entry.statusListIndex}`);
    expect(Number(otherPayload.credentialStatus.statusListIndex)).not.toBe(Number(entry.statusListIndex));
    expect(await revocationBit(t, payload)).toBe(false);

    const list = await fetchFromApp(t, entry.statusListCredential);
    expect(list.headers['cache-control']).toBe('public, max-age=300');
    expect(list.headers['access-control-allow-origin']).toBe('*');
    const etag = list.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetchFromApp(t, entry.statusListCredential, { 'if-none-match': etag })).statusCode).toBe(304);
    const listClaims = decodeJwt(list.body) as {
      id: string;
      issuer: { id: string };
      type: string[];
      credentialSubject: { id: string; type: string; statusPurpose: string; encodedList: string };
    };
    expect(decodeProtectedHeader(list.body)).toMatchObject({ alg: 'RS256', typ: 'vc+jwt' });
    expect(listClaims).toMatchObject({
      id: entry.statusListCredential,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: { id: ISSUER },
    });
    expect(listClaims.credentialSubject).toMatchObject({ id: `${entry.statusListCredential}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation' });
    expect((await decodeList({ encodedList: listClaims.credentialSubject.encodedList })).length).toBe(16 * 1024 * 8);

    await setStatus(cert.id, 0);
    expect(await revocationBit(t, payload)).toBe(true);
    expect(await revocationBit(t, otherPayload)).toBe(false);
    // Changed bits, a changed validator: the copy kept under the old one is fetched again.
    const changed = await fetchFromApp(t, entry.statusListCredential, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    await setStatus(cert.id, 1);
    expect(await revocationBit(t, payload)).toBe(false);
    expect((await fetchFromApp(t, entry.statusListCredential)).headers.etag).toBe(etag);

    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/DelCerts', { Ids: [cert.id] })).Code).toBe(200);
    expect(await revocationBit(t, payload)).toBe(true);
    expect(await revocationBit(t, otherPayload)).toBe(false);
  });

  it('dates each list for a day from its signing: the same text within the hour, signed again on a change and once an hour old; past its day a verifier refuses it', async () => {
    const HOUR = 3_600_000;
    const cert = await certificate();
    const payload = (await verifyByKid(t, await download(cert.token))) as Credential;
    const address = payload.credentialStatus.statusListCredential;
    const fetchList = async () => {
      const res = await fetchFromApp(t, address);
      expect(res.statusCode).toBe(200);
      const claims = (await verifyByKid(t, res.body)) as JWTPayload & { validFrom: string; validUntil: string };
      // The dates are the JWT's, to the second (OB 3.0 derives nbf and exp from them).
      expect(claims.nbf).toBe(Date.parse(claims.validFrom) / 1000);
      expect(claims.exp).toBe(Date.parse(claims.validUntil) / 1000);
      expect(Date.parse(claims.validUntil) - Date.parse(claims.validFrom)).toBe(24 * HOUR);
      return { jwt: res.body, etag: res.headers.etag as string, validFrom: claims.validFrom };
    };
    /** The clock's time in whole seconds, as a list signed then says it. */
    const signedNow = () => new Date(Math.floor(clock.now() / 1000) * 1000).toISOString();
    const at = (dateTime: string) => new Date(Date.parse(dateTime)).toISOString();

    clock.advance(2 * HOUR);
    const first = await fetchList();
    expect(at(first.validFrom)).toBe(signedNow());
    expect(first.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    clock.advance(HOUR / 2);
    expect(await fetchList()).toEqual(first);

    // A revocation: signed at once, from then.
    admin = await loginAdmin(t);
    await setStatus(cert.id, 0);
    const revoked = await fetchList();
    expect(at(revoked.validFrom)).toBe(signedNow());
    expect(revoked.etag).not.toBe(first.etag);
    expect(await revocationBit(t, payload)).toBe(true);

    // An hour on, the same bits are signed again, so a list fetched has most of its day left.
    clock.advance(HOUR - 1000);
    expect(await fetchList()).toEqual(revoked);
    clock.advance(1000);
    const resigned = await fetchList();
    expect(at(resigned.validFrom)).toBe(signedNow());
    expect(resigned.etag).not.toBe(revoked.etag);
    expect(await revocationBit(t, payload)).toBe(true);

    // The list from before the revocation, kept by its holder, is refused once its day is over.
    const { keys } = await keySet();
    const verifyAt = (jwt: string, date: number) => jwtVerify(jwt, createLocalJWKSet({ keys }), { algorithms: ['RS256'], currentDate: new Date(date) });
    await verifyAt(first.jwt, Date.parse(first.validFrom) + 24 * HOUR - 1000);
    await expect(verifyAt(first.jwt, Date.parse(first.validFrom) + 24 * HOUR)).rejects.toThrow(/"exp"/);

    await setStatus(cert.id, 1);
    expect(await revocationBit(t, payload)).toBe(false);
  });

  it('answers 404 for a list no credential names and for a family it does not keep', async () => {
    for (const path of [
      '/credentials/status/certificates/7',
      '/credentials/status/certificates/x',
      '/credentials/status/diplomas/0',
      '/credentials/keys/nokey',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(JSON.parse(res.body), path).toMatchObject({ Code: 404 });
    }
  });

  it('gives each record one position, once, whatever many first downloads run at once', async () => {
    const certs = await Promise.all(Array.from({ length: 12 }, () => certificate()));
    const downloads = await Promise.all(certs.flatMap((c) => [1, 2, 3].map(async () => ({ id: c.id, jwt: await download(c.token) }))));
    const positions = new Map<number, Set<string>>();
    for (const { id, jwt } of downloads) {
      const entry = (decodeJwt(jwt) as Credential).credentialStatus;
      positions.set(id, (positions.get(id) ?? new Set()).add(`${entry.statusListCredential}#${entry.statusListIndex}`));
    }
    expect([...positions.values()].map((p) => p.size)).toEqual(Array(12).fill(1));
    expect(new Set([...positions.values()].flatMap((p) => [...p])).size).toBe(12);
    const rows = await t.app.services.database.db
      .selectFrom('certificates')
      .select('status_index')
      .where(
        'id',
        'in',
        certs.map((c) => c.id),
      )
      .execute();
    expect(new Set(rows.map((r) => r.status_index)).size).toBe(12);
    expect(rows.every((r) => r.status_index !== null)).toBe(true);
  });

  it('puts a membership card in its own list: revoked and suspended set its bit, restored clears it', async () => {
    const types = await seedTypeChoices(t);
    const memberId = await addMember(t, admin, types, 'obcard', { JoinDate: '2023-06-01', ExpireDate: '2099-12-31' });
    const token = await loginMember(t, 'obcard');
    const answer = await publicCall<string>(t, token, 'GET', 'GetMyMemberCredential');
    expect(answer.Code, answer.Message).toBe(200);
    const payload = (await verifyByKid(t, answer.Data)) as Credential;
    expect(payload.sub).toBe(payload.credentialSubject.id);
    expect(payload.sub).toMatch(/^urn:uuid:/);
    expect(payload.credentialStatus.statusListCredential).toMatch(new RegExp(`^${BASE}/credentials/status/member-cards/\\d+$`));
    expect(await revocationBit(t, payload)).toBe(false);

    const revoke = (body: Record<string, unknown>) => adminCall(t, admin, 'POST', '/api/XfSysBussiness/RevokeMemberCard', { MemberId: memberId, ...body });
    expect((await revoke({ Revoke: true, Reason: '转借他人使用' })).Code).toBe(200);
    expect(await revocationBit(t, payload)).toBe(true);
    expect((await revoke({ Revoke: false })).Code).toBe(200);
    expect(await revocationBit(t, payload)).toBe(false);
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/MemberBatch', { Ids: [memberId], Action: 'suspend' })).Code).toBe(200);
    expect(await revocationBit(t, payload)).toBe(true);
  });

  it('keeps every key published: a credential signed before a rotation, and one signed Ed25519 before RS256, still verify', async () => {
    const cert = await certificate();
    const before = await download(cert.token);
    const rotated = await runCli(['credential-key', 'rotate'], {
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema! } : {}),
    });
    expect(rotated.code, rotated.stderr).toBe(0);
    const after = await download(cert.token);
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    expect(rotated.stdout).toContain(decodeProtectedHeader(after).kid!.split('/').pop());
    for (const jwt of [before, after]) {
      await verifyByKid(t, jwt);
      await jwtVerify(jwt, createLocalJWKSet(await keySet()), { algorithms: ['RS256'] });
    }

    // An install upgraded from Ed25519: its key stays in the table as written then, and what it
    // signed (kid the bare thumbprint) verifies against the published set and on the page.
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const thumbprint = await calculateJwkThumbprint(publicJwk);
    const db = t.app.services.database.db;
    const newest = await db
      .selectFrom('credential_keys')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await db
      .insertInto('credential_keys')
      .values({
        id: Number(newest.id) + 1,
        kid: thumbprint,
        public_jwk: JSON.stringify(publicJwk),
        private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
        created_at: '2024-05-01 00:00:00',
      })
      .execute();
    const earlier = await new SignJWT(decodeJwt(after)).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: thumbprint }).sign(pair.privateKey);
    const published = await keySet();
    expect(published.keys.find((k) => k.kid === thumbprint)).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    await jwtVerify(earlier, createLocalJWKSet(published), { algorithms: ['EdDSA'] });
    const checked = await t.app.inject({
      method: 'POST',
      url: '/cert/verify',
      payload: multipartBody(undefined, { credential: earlier }),
      headers: multipartHeaders,
    });
    expect(checked.body).toContain('数字签名有效');
    expect(checked.body).toContain('证书有效');
    // New credentials are still RS256, with the newest RSA key.
    expect(decodeProtectedHeader(await download(cert.token))).toMatchObject({ alg: 'RS256', kid: decodeProtectedHeader(after).kid });
  }, 150_000);
});
