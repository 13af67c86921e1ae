import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages, type SmsLogDto, type SmsSettingsDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { enginesFor, type TestApp } from '../../../test/harness.js';
import { roleWith } from '../../../test/review.js';
import { loadSmsProvider } from '../../sms/provider.js';

const SB = '/api/XfSysBussiness';

/**
 * A provider's HTTP API on loopback, as 阿里云短信's SendSms is in spirit: it takes the message as
 * JSON and answers an id, or refuses a template it does not know with its reason.
 */
async function startProviderApi() {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as Record<string, unknown>;
      received.push(message);
      const known = message.templateCode !== 'SMS_UNKNOWN';
      res.writeHead(known ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { BizId: `biz-${received.length}` } : { Message: '模板不存在' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A deployment's provider module, as docs/sms.md describes it: it calls the provider's API. */
function writeProviderModule(dir: string, port: number): string {
  const file = path.join(dir, 'provider.mjs');
  fs.writeFileSync(
    file,
    `export default {
  name: '测试短信服务商',
  async send(message) {
    const res = await fetch('http://127.0.0.1:${port}/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
    const answer = await res.json();
    return res.ok ? { accepted: true, messageId: answer.BizId } : { accepted: false, reason: answer.Message };
  },
};
`,
  );
  return file;
}

describe.each(enginesFor('neutral'))('短信 on %s', (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sms-'));
  let api: Awaited<ReturnType<typeof startProviderApi>>;
  let bare: TestApp;
  let wired: TestApp;
  let bareToken: string;
  let token: string;

  beforeAll(async () => {
    api = await startProviderApi();
    bare = await createAdminTestApp(engine);
    wired = await createAdminTestApp(engine, {}, { smsProviderModule: writeProviderModule(dir, api.port) });
    bareToken = await loginAdmin(bare);
    token = await loginAdmin(wired);
  });
  afterAll(async () => {
    await bare?.close();
    await wired?.close();
    await api?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const settings = (t: TestApp, tk: string) => adminCall<SmsSettingsDto>(t, tk, 'GET', `${SB}/GetSmsSettings`);
  const save = (t: TestApp, tk: string, body: Record<string, unknown>) => adminCall<SmsSettingsDto>(t, tk, 'POST', `${SB}/SaveSmsSettings`, body);
  const send = (t: TestApp, tk: string, body: Record<string, unknown>) => adminCall(t, tk, 'POST', `${SB}/SendTestSms`, body);
  const log = (t: TestApp, tk: string, query = '') => adminCall<{ List: SmsLogDto[]; TotalCount: number }>(t, tk, 'GET', `${SB}/GetSmsLogList?${query}`);
  const testMessage = { Phone: '13800138000', TemplateCode: 'SMS_123', Variables: { name: '张三', date: '2026-12-01' } };

  it('without a provider nothing claims to send: it cannot be switched on, a test is refused and nothing is logged', async () => {
    expect((await settings(bare, bareToken)).Data).toEqual({ Provider: '', SignName: '', Enabled: false, Ready: false });
    const signed = await save(bare, bareToken, { SignName: '建设保险协会' });
    expect(signed.Data).toEqual({ Provider: '', SignName: '建设保险协会', Enabled: false, Ready: false });
    const on = await save(bare, bareToken, { Enabled: true });
    expect([on.Code, on.Message]).toEqual([400, smsMessages.noProvider]);
    const tried = await send(bare, bareToken, testMessage);
    expect([tried.Code, tried.Message]).toEqual([400, smsMessages.notConfigured]);
    expect((await log(bare, bareToken)).Data).toEqual({ List: [], TotalCount: 0 });
  });

  it('with a provider: switched on only with a signature; a field left out keeps its value', async () => {
    expect((await settings(wired, token)).Data).toMatchObject({ Provider: '测试短信服务商', Ready: false });
    const unsigned = await save(wired, token, { Enabled: true });
    expect([unsigned.Code, unsigned.Message]).toEqual([400, smsMessages.signNameRequired]);
    expect((await send(wired, token, testMessage)).Message).toBe(smsMessages.notConfigured);
    expect((await save(wired, token, { SignName: '建设保险协会', Enabled: true })).Data).toEqual({
      Provider: '测试短信服务商',
      SignName: '建设保险协会',
      Enabled: true,
      Ready: true,
    });
    expect((await save(wired, token, {})).Data).toMatchObject({ SignName: '建设保险协会', Enabled: true });
    const off = await save(wired, token, { Enabled: false });
    expect(off.Data).toMatchObject({ SignName: '建设保险协会', Enabled: false, Ready: false });
    expect((await send(wired, token, testMessage)).Message).toBe(smsMessages.notConfigured);
    expect((await save(wired, token, { Enabled: true })).Data.Ready).toBe(true);
  });

  it('a test message reaches the provider with the signature, template and variables, and is logged with its answer', async () => {
    const before = api.received.length;
    const sent = await send(wired, token, testMessage);
    expect([sent.Code, sent.Message]).toEqual([200, smsMessages.sent]);
    expect(api.received.slice(before)).toEqual([
      { phone: '13800138000', signName: '建设保险协会', templateCode: 'SMS_123', variables: { name: '张三', date: '2026-12-01' } },
    ]);

    const refused = await send(wired, token, { ...testMessage, TemplateCode: 'SMS_UNKNOWN' });
    expect([refused.Code, refused.Message]).toEqual([400, smsMessages.failed('模板不存在')]);

    const all = (await log(wired, token)).Data;
    expect(all.TotalCount).toBe(2);
    expect(all.List.map((r) => [r.Phone, r.TemplateCode, r.State, r.StateName, r.Answer, r.Provider, r.SignName])).toEqual([
      ['138****8000', 'SMS_UNKNOWN', 'failed', '失败', '模板不存在', '测试短信服务商', '建设保险协会'],
      ['138****8000', 'SMS_123', 'sent', '已提交', `biz-${before + 1}`, '测试短信服务商', '建设保险协会'],
    ]);
    expect(all.List[1]!.Variables).toEqual({ name: '张三', date: '2026-12-01' });
    expect(all.List[1]!.Source).toBe('测试发送（admin）');
    expect((await log(wired, token, 'state=failed')).Data.List.map((r) => r.TemplateCode)).toEqual(['SMS_UNKNOWN']);
    expect((await log(wired, token, 'phone=13900139000')).Data.TotalCount).toBe(0);
    expect((await log(wired, token, 'phone=13800138000')).Data.TotalCount).toBe(2);
  });

  it('refuses bad input with the field in Chinese, and sends nothing', async () => {
    const before = api.received.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...testMessage, Phone: '1380013800' }, smsMessages.phoneInvalid],
      [{ ...testMessage, Phone: '' }, smsMessages.phoneInvalid],
      [{ ...testMessage, TemplateCode: '模板' }, smsMessages.templateCodeInvalid],
      [{ ...testMessage, Variables: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`v${i}`, 'x'])) }, smsMessages.variablesInvalid],
      [{ ...testMessage, Variables: { 'bad name': 'x' } }, smsMessages.variablesInvalid],
      [{ ...testMessage, Variables: { name: 'x'.repeat(101) } }, smsMessages.variablesInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await send(wired, token, body);
      expect([answer.Code, answer.Message], JSON.stringify(body)).toEqual([400, message]);
    }
    for (const SignName of ['【协会】', '协', '一二三四五六七八九十一二三']) {
      const answer = await save(wired, token, { SignName });
      expect([answer.Code, answer.Message], SignName).toEqual([400, smsMessages.signNameInvalid]);
    }
    expect(api.received.length).toBe(before);
    expect((await settings(wired, token)).Data.SignName).toBe('建设保险协会');
  });

  it('is for holders of mailing:sms only', async () => {
    await roleWith(wired, token, '群发员', ['mailing:list', 'mailing:send']);
    await createAdmin(wired, token, 'sender', '群发员');
    const sender = await loginAdmin(wired, 'sender');
    for (const answer of [await settings(wired, sender), await send(wired, sender, testMessage), await log(wired, sender)]) expect(answer.Code).toBe(403);
  });

  it('a provider module that does not export a provider stops the start', async () => {
    const broken = path.join(dir, 'broken.mjs');
    fs.writeFileSync(broken, 'export default { name: "x" };\n');
    await expect(loadSmsProvider(broken)).rejects.toThrow(/SMS_PROVIDER_MODULE .* must export default/);
    await expect(loadSmsProvider(undefined)).resolves.toBeNull();
  });
});
