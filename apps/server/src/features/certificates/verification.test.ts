import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import type { CertModelDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { idNumber, saveCert } from '../../../test/certificates.js';
import { engines, type TestApp } from '../../../test/harness.js';

const BASE = 'https://www.cpirma.example.cn';

/** A multipart body with the given fields (a file when the value has a file name). */
function multipart(fields: Record<string, string | { filename: string; content: string }>) {
  const boundary = '----verify' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === 'string'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: application/jwt\r\n\r\n${value.content}\r\n`,
  );
  return { payload: parts.join('') + `--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(engines)('certificate verification on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let passedId = 0;
  let failedId = 0;
  let token = '';

  const model = async (id: number, view = 'cert') =>
    (await adminCall<CertModelDto>(t, admin, 'GET', `/api/XfSysBussiness/GetCertModel?CertId=${id}&view=${view}`)).Data;
  const page = (path: string) => t.app.inject({ method: 'GET', url: path });
  const setStatus = async (Status: number) =>
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/EditCertStatus', { Ids: [passedId], Status })).Code).toBe(200);
  const credential = async () => {
    const res = await page(`/cert/verify/${token}/credential`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const check = (fields: Parameters<typeof multipart>[0]) => t.app.inject({ method: 'POST', url: '/cert/verify', ...multipart(fields) });

  beforeAll(async () => {
    t = await createAdminTestApp(engine, {}, { publicBaseUrl: BASE });
    admin = await loginAdmin(t);
    passedId = await saveCert(t, admin, { _name: '欧阳晓明', _idNum: idNumber(21), _certNum: 'GCFX-2024-0021' });
    failedId = await saveCert(t, admin, { _name: '李四', _idNum: idNumber(22), _examStatus: 2, _certNum: '', _issueDate: '', View: 'score' });
    token = (await model(passedId))._verifyUrl.split('/').pop() ?? '';
  });
  afterAll(() => t.close());

  it('puts the verification page on the configured public address, behind an unguessable token', async () => {
    const url = (await model(passedId))._verifyUrl;
    expect(url).toMatch(new RegExp(`^${BASE}/cert/verify/[A-Za-z0-9_-]{43}$`));
  });

  it('shows a valid certificate as HTML that needs no script: masked holder, number, dates and issuer; the site’s footer lines', async () => {
    const res = await page(`/cert/verify/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    // One script only, which names the chosen file beside the upload form's 选择文件 (without it the browser's own file field shows).
    expect(res.body.match(/<script[^>]*>/gi)).toEqual(['<script src="/file-field.js">']);
    expect(res.body).toContain('<noscript><style>');
    for (const text of ['选择文件', '未选择文件']) expect(res.body).toContain(text);
    // The filing numbers, linked to their records, and the copyright, as the public footer shows them.
    const footer = /<footer>[\s\S]*<\/footer>/.exec(res.body)?.[0] ?? '';
    expect(footer).toContain('<a href="https://beian.miit.gov.cn" target="_blank" rel="noopener noreferrer">京ICP备17047215号-1</a>');
    expect(footer).toContain('<a href="https://beian.mps.gov.cn/#/query/webSearch?code=11010202000001" target="_blank" rel="noopener noreferrer">');
    expect(footer).toContain('京公网安备11010202000001号');
    expect(footer).toMatch(/© \d{4} 中国建设工程保险风险管理协会 版权所有/);
    expect(res.body).toContain('证书有效');
    expect(res.body).toContain('欧**明');
    expect(res.body).not.toContain('欧阳晓明');
    expect(res.body).toContain(`${idNumber(21).slice(0, 6)}********${idNumber(21).slice(-4)}`);
    expect(res.body).not.toContain(idNumber(21));
    for (const text of ['GCFX-2024-0021', '2024-05-12', '2024-06-01', '中国建设工程保险风险管理协会', '示例建设工程有限公司']) expect(res.body).toContain(text);
    expect(res.body).toContain(`/cert/verify/${token}/credential`);
    // Its own icon: without one the browser asks /favicon.ico, a 404 logged in its console.
    expect(res.body).toContain('<link rel="icon" type="image/svg+xml" href="/emblem.svg">');
    // A description for link previews, the same for every certificate: nothing of its holder.
    expect(res.body).toContain('<meta name="description" content="中国建设工程保险风险管理协会证书验证：');
  });

  it('says hidden, then revoked, without the holder, and offers no credential then', async () => {
    await setStatus(0);
    const res = await page(`/cert/verify/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('证书暂停公示');
    expect(res.body).not.toContain('欧**明');
    expect(res.body).not.toContain('/credential');
    expect((await page(`/cert/verify/${token}/credential`)).statusCode).toBe(404);
    await setStatus(1);
    expect((await page(`/cert/verify/${token}`)).body).toContain('证书有效');
  });

  it('answers 404 with the designed page for unknown, malformed and failed-result tokens', async () => {
    const failedToken = (await model(failedId, 'score'))._verifyUrl.split('/').pop() ?? '';
    for (const path of [`/cert/verify/${'A'.repeat(43)}`, '/cert/verify/%3Cscript%3E', `/cert/verify/${failedToken}`]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain('未找到该证书');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('issues an Open Badges 3.0 credential that verifies offline with the published key', async () => {
    const jwt = await credential();
    const jwks = JSON.parse((await page('/.well-known/jwks.json')).body) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    // What any verifier does: the published key set, nothing of ours.
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['RS256'] });
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: `${BASE}/cert/verify/${token}`,
      jti: `${BASE}/cert/verify/${token}`,
      iss: `${BASE}/cert/issuer`,
      issuer: { id: `${BASE}/cert/issuer`, type: ['Profile'], name: '中国建设工程保险风险管理协会' },
      validFrom: '2024-06-01T00:00:00+08:00',
      nbf: Date.parse('2024-06-01T00:00:00+08:00') / 1000,
      credentialSubject: { type: ['AchievementSubject'], achievement: { type: ['Achievement'], name: '工程质量风险管理工程师' } },
    });
    // The ID number only as a salted hash the holder can prove.
    const ids = (payload.credentialSubject as { identifier: { identityType: string; identityHash: string; salt?: string; hashed: boolean }[] }).identifier;
    const national = ids.find((i) => i.identityType === 'nationalIdentityNumber');
    expect(national?.hashed).toBe(true);
    expect(national?.identityHash).toBe(
      `sha256$${createHash('sha256')
        .update(idNumber(21) + (national?.salt ?? ''))
        .digest('hex')}`,
    );
    expect(JSON.stringify(payload)).not.toContain(idNumber(21));
    expect(ids.find((i) => i.identityType === 'name')).toMatchObject({ hashed: false, identityHash: '欧阳晓明' });
    // The issuer profile and achievement it names are served where it says.
    expect(JSON.parse((await page('/cert/issuer')).body)).toMatchObject({ id: `${BASE}/cert/issuer`, type: ['Profile'] });
    expect(JSON.parse((await page('/cert/achievement')).body)).toMatchObject({ id: `${BASE}/cert/achievement`, type: ['Achievement'] });
  });

  it('signs with one key that stays across restarts of the app on the same database', async () => {
    const kid = decodeProtectedHeader(await credential()).kid;
    const rows = await t.app.services.database.db.selectFrom('credential_keys').select('kid').execute();
    expect(rows.map((r) => `${BASE}/credentials/keys/${r.kid}`)).toEqual([kid]);
  });

  it('checks an uploaded credential: valid, then tampered, then after revocation', async () => {
    const jwt = await credential();
    let res = await check({ file: { filename: 'GCFX-2024-0021.jwt', content: jwt } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('数字签名有效');
    expect(res.body).toContain('证书有效');
    expect(res.body).toContain('GCFX-2024-0021');

    // The same credential pasted as text.
    expect((await check({ credential: `\n${jwt}\n` })).body).toContain('证书有效');

    // One changed claim, re-encoded: the signature no longer fits.
    const [header, , signature] = jwt.split('.');
    const claims = decodeJwt(jwt);
    const forged = Buffer.from(JSON.stringify({ ...claims, validFrom: '2020-01-01T00:00:00+08:00' })).toString('base64url');
    res = await check({ credential: `${header}.${forged}.${signature}` });
    expect(res.body).toContain('签名无效');
    expect(res.body).not.toContain('证书有效');

    for (const junk of ['', 'not a credential', 'a.b.c']) expect((await check({ credential: junk })).body).toContain('无法识别的凭证');

    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/DelCerts', { Ids: [passedId] })).Code).toBe(200);
    res = await check({ credential: jwt });
    expect(res.body).toContain('数字签名有效');
    expect(res.body).toContain('证书已撤销');
    expect((await page(`/cert/verify/${token}`)).body).toContain('证书已撤销');
  });

  it('refuses an oversized upload as unreadable, without failing', async () => {
    const res = await check({ file: { filename: 'big.jwt', content: 'x'.repeat(70 * 1024) } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('无法识别的凭证');
  });
});
