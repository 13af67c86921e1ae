import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { loadConfig, parseTrustProxy, type TrustProxy } from '../config.js';
import { addressGroup, canonicalAddress } from './client-address.js';
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

describe('one spelling of an address, and the group limits count', () => {
  it('writes IPv4 as IPv4 and IPv6 lowercase and compressed, whatever spelling arrived', () => {
    expect(canonicalAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(canonicalAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(canonicalAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(canonicalAddress('::1')).toBe('::1');
    // A closed connection's request has no address left (Node's socket forgets it).
    expect(canonicalAddress(undefined)).toBe('');
    expect(addressGroup(undefined)).toBe('');
  });

  it('counts an IPv4 address alone and an IPv6 address by its /64', () => {
    expect(addressGroup('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressGroup('::1')).toBe('::/64');
  });

  it('listens on IPv6 and IPv4 alike by default', () => {
    expect(loadConfig({}).host).toBe('::');
  });
});

describe.each(enginesFor('neutral'))('IPv6 clients on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(engine, {}, { trustProxy: 1 });
  });
  afterAll(() => t.close());

  const propose = (address: string, n: number) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/XfWebApi/SavePropose',
        payload: { Mobile: '13700000000', ProposeContent: `第${n}条` },
        headers: { 'x-forwarded-for': address },
      })
      .then((r) => envelope(r));

  it('counts a visitor who changes address within one /64 as one, and another /64 apart', async () => {
    for (let n = 1; n <= 5; n += 1) expect((await propose(`2001:db8:7:1::${n.toString(16)}`, n)).Code).toBe(200);
    expect(await propose('2001:db8:7:1:ffff:ffff:ffff:ffff', 6)).toEqual({ Code: 429, Message: '请求过于频繁，请稍后再试', Data: null });
    expect((await propose('2001:db8:7:2::1', 7)).Code).toBe(200);
    // Each message keeps the address it came from, in one spelling.
    const kept = await t.app.services.database.db.selectFrom('messages').select('ip').where('content', '=', '第1条').executeTakeFirstOrThrow();
    expect(kept.ip).toBe('2001:db8:7:1::1');
  });

  it('locks out password guessing across a /64, and records IPv6 and mapped IPv4 addresses as written once', async () => {
    const login = async (address: string) => {
      const { ticket, answer } = await captcha(t);
      return envelope(
        await t.app.inject({
          method: 'POST',
          url: '/api/XfSystemApi/Login',
          headers: { 'x-forwarded-for': address },
          payload: { Account: 'admin', Password: 'wrong-password1', TreeCode: answer, FullName: ticket },
        }),
      );
    };
    for (let n = 1; n <= 5; n += 1) await login(`2001:DB8:9:9::${n}`);
    expect((await login('2001:db8:9:9::99')).Message).toMatch(/锁定|分钟/);
    await login('::ffff:203.0.113.77');
    const token = await loginAdmin(t);
    const log = await adminCall<{ List: { Ip: string }[] }>(t, token, 'GET', '/api/XfSystemApi/GetAuditLogList?action=auth:login&pagesize=999');
    const addresses = log.Data.List.map((e) => e.Ip);
    expect(addresses).toContain('2001:db8:9:9::1');
    expect(addresses).toContain('203.0.113.77');
    expect(addresses.some((a) => a.startsWith('::ffff:') || /[A-F]/.test(a))).toBe(false);
  });

  it('answers over [::1] and 127.0.0.1 on one socket, seeing each client as it is', async () => {
    const served = await createAdminTestApp(engine);
    try {
      await served.app.listen({ port: 0, host: '::' });
      const { port } = served.app.server.address() as AddressInfo;
      for (const host of ['[::1]', '127.0.0.1']) expect((await fetch(`http://${host}:${port}/healthz`)).status).toBe(200);
      const { ticket, answer } = await captcha(served);
      const viaIpv6 = await fetch(`http://[::1]:${port}/api/XfSystemApi/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Account: 'admin', Password: 'wrong-password1', TreeCode: answer, FullName: ticket }),
      });
      expect(viaIpv6.status).toBe(200);
      const failed = await served.app.services.database.db.selectFrom('login_logs').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(failed.ip).toBe('::1');
    } finally {
      await served.close();
    }
  });
});
