import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyConsentDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { engines, type TestApp } from '../../../test/harness.js';
import { addMember, applicationForm, loginMember, publicCall, seedTypeChoices, type TypeChoices } from '../../../test/members.js';

/**
 * 隐私与授权: a submission that collects personal data carries the policy version its sender
 * agreed to and is stored with it, or not at all; the member sees and withdraws their consents.
 */
describe.each(engines)('隐私与授权 on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let types: TypeChoices;
  let member: string;
  let other: string;
  const consentsOf = async (subject: string) =>
    t.app.services.database.db.selectFrom('privacy_consents').selectAll().where('subject', '=', subject).orderBy('id').execute();
  const messagesCount = async () =>
    Number(
      (
        await t.app.services.database.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ask = (payload: Record<string, unknown>, token = member) =>
    publicCall<string>(t, token, 'POST', 'SaveMessage', {
      CategoryId: 1,
      Subject: '如何办理入会',
      Content: '请问入会需要哪些材料？',
      Email: 'a@example.com',
      ...payload,
    });
  const mine = async (token = member) => (await publicCall<PrivacyConsentDto[]>(t, token, 'GET', 'GetMyConsents')).Data;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'consenter');
    await addMember(t, admin, types, 'bystander');
    member = await loginMember(t, 'consenter');
    other = await loginMember(t, 'bystander');
  });
  afterAll(() => t.close());

  it('refuses a message without the box ticked, or agreed under a version no longer current, and stores nothing', async () => {
    const before = await messagesCount();
    expect(await ask({})).toMatchObject({ Code: 400, Message: '请阅读并勾选同意《隐私政策》' });
    expect(await ask({ PrivacyVersion: 'x' })).toMatchObject({ Code: 400, Message: '请阅读并勾选同意《隐私政策》' });
    expect(await ask({ PrivacyVersion: 7 })).toMatchObject({ Code: 400, Message: '隐私政策已更新，请阅读新版本后重新勾选同意' });
    expect(await messagesCount()).toBe(before);
    expect(await consentsOf('message')).toEqual([]);
  });

  it('stores the message and its consent together, naming the member and the version', async () => {
    const asked = await ask({ PrivacyVersion: 1 });
    expect(asked.Code, asked.Message).toBe(200);
    const [consent] = await consentsOf('message');
    expect(consent).toMatchObject({ policy_version: 1, withdrawn_at: '' });
    expect(consent!.accepted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const { member_id: memberId } = await t.app.services.database.db
      .selectFrom('messages')
      .select('member_id')
      .where('id', '=', consent!.subject_id)
      .executeTakeFirstOrThrow();
    expect(consent!.member_id).toBe(memberId);
  });

  it('asks again once a new version is published: the old number is refused, the new one stored', async () => {
    const draft = await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SavePrivacyPolicy', { Content: '<p>第二版正文</p>', Summary: '补充用途' });
    expect((await adminCall(t, admin, 'POST', '/api/XfSysBussiness/PublishPrivacyPolicy', { Id: draft.Data })).Data).toBe(2);
    expect(await ask({ PrivacyVersion: 1 })).toMatchObject({ Code: 400, Message: '隐私政策已更新，请阅读新版本后重新勾选同意' });
    expect((await ask({ PrivacyVersion: 2 })).Code).toBe(200);
    expect((await consentsOf('message')).map((c) => c.policy_version)).toEqual([1, 2]);
  });

  it('keeps the spec’s calls open to clients that do not send a version, and records one when sent', async () => {
    const plain = await publicCall(t, undefined, 'POST', 'SavePropose', { Mobile: '13800000001', ProposeContent: '建议增加线上培训' });
    expect(plain.Code, plain.Message).toBe(200);
    expect(await consentsOf('proposal')).toEqual([]);
    expect(await publicCall(t, undefined, 'POST', 'SavePropose', { Mobile: '13800000001', ProposeContent: '再提一条', PrivacyVersion: 1 })).toMatchObject({
      Code: 400,
      Message: '隐私政策已更新，请阅读新版本后重新勾选同意',
    });
    expect((await publicCall(t, undefined, 'POST', 'SavePropose', { Mobile: '13800000001', ProposeContent: '再提一条', PrivacyVersion: 2 })).Code).toBe(200);
    expect(await consentsOf('proposal')).toMatchObject([{ policy_version: 2, member_id: null }]);

    const applied = await publicCall(t, undefined, 'POST', 'ApplyMember', applicationForm(types, 'applicant_c', { PrivacyVersion: 2 }));
    expect(applied.Code, applied.Message).toBe(200);
    const { id } = await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'applicant_c').executeTakeFirstOrThrow();
    expect(await consentsOf('application')).toMatchObject([{ subject_id: id, member_id: id, policy_version: 2 }]);
  });

  it('lists a member’s own consents with what was submitted and what withdrawing means', async () => {
    const listed = await mine();
    expect(listed.map((c) => [c.Subject, c.SubjectName, c.Title, c.PolicyVersion, c.WithdrawTime])).toEqual([
      ['message', '在线留言', '如何办理入会', 2, ''],
      ['message', '在线留言', '如何办理入会', 1, ''],
    ]);
    expect(listed[0]!.Consequence).toContain('撤回前已进行的处理不受影响');
    expect(await mine(other)).toEqual([]);
    expect(await publicCall(t, undefined, 'GET', 'GetMyConsents')).toMatchObject({ Code: 401 });
  });

  it('withdraws a consent once, keeping the record; another member’s is not found', async () => {
    const [latest] = await mine();
    expect(await publicCall(t, other, 'POST', 'WithdrawConsent', { Id: latest!.Id })).toMatchObject({ Code: 404, Message: '该授权记录不存在' });
    expect(await publicCall(t, member, 'POST', 'WithdrawConsent', { Id: latest!.Id })).toMatchObject({ Code: 200, Message: '已撤回授权' });
    expect(await publicCall(t, member, 'POST', 'WithdrawConsent', { Id: latest!.Id })).toMatchObject({ Code: 400, Message: '该授权已撤回' });
    expect(await publicCall(t, member, 'POST', 'WithdrawConsent', { Id: 'x' })).toMatchObject({ Code: 400 });
    const after = await mine();
    expect(after[0]).toMatchObject({ Id: latest!.Id, AcceptTime: latest!.AcceptTime });
    expect(after[0]!.WithdrawTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after[1]!.WithdrawTime).toBe('');
  });
});
