import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../config.js';
import { adminCall, captcha, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { enginesFor, envelope, type TestApp } from '../../test/harness.js';

describe('TRUST_PROXY', () => {
  it('reads false, a hop count, true as one hop, or proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toEqual(['loopback']);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
  });
});

/**
 * The address that per-address limits, lockouts and the audit log see must be the one the
 * trusted proxy saw, whatever the client writes into X-Forwarded-For itself.
 */
describe.each(enginesFor('neutral'))('client address behind a proxy on %s', (engine) => {
  const cases: [string, TrustProxy, string][] = [
    // One hop: the proxy appended the last entry; the client wrote the rest.
    ['one trusted hop', 1, '203.0.113.7'],
    // The proxy's own address is trusted, so the entry it added is the client.
    ['a trusted proxy address', ['127.0.0.1'], '203.0.113.7'],
    ['TRUST_PROXY=true', parseTrustProxy('true'), '203.0.113.7'],
    // Not behind a proxy: the header is ignored and the socket's address is the client.
    ['no trusted proxy', false, '127.0.0.1'],
  ];

  describe.each(cases)('with %s', (_name, trustProxy, seen) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAdminTestApp(engine, {}, { trustProxy });
    });
    afterAll(() => t.close());

    // Each request forges a different leftmost entry; the proxy appends the real address.
    let forged = 0;
    const forwarded = () => `198.51.100.${++forged}, ${seen === '127.0.0.1' ? '192.0.2.1' : seen}`;

    it('keeps the suggestion box limit on the real address', async () => {
      const propose = (n: number) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/XfWebApi/SavePropose',
            payload: { Mobile: '13700000000', ProposeContent: `第${n}条` },
            headers: { 'x-forwarded-for': forwarded() },
          })
          .then((r) => envelope(r));
      for (let n = 1; n <= 5; n += 1) expect((await propose(n)).Code).toBe(200);
      expect(await propose(6)).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
    });

    it('records the real address in the audit log', async () => {
      const { ticket, answer } = await captcha(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/XfSystemApi/Login',
        headers: { 'x-forwarded-for': forwarded() },
        payload: { Account: 'admin', Password: 'wrong-password1', TreeCode: answer, FullName: ticket },
      });
      const token = await loginAdmin(t);
      const log = await adminCall<{ List: { Ip: string; Result: number }[] }>(
        t,
        token,
        'GET',
        '/api/XfSystemApi/GetAuditLogList?action=auth:login&pagesize=999',
      );
      const failed = log.Data.List.find((e) => e.Result === 0);
      expect(failed?.Ip).toBe(seen);
    });
  });
});
