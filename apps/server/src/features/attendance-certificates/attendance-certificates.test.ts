import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { AttendanceCertDto, IssuedCertsDto, ListDto } from '@portal/shared';
import { activityScene, markCheckedIn, type ActivityScene } from '../../../test/activities.js';
import { createAdmin, loginAdmin } from '../../../test/admin.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines } from '../../../test/harness.js';
import { expectSchemaValid, revocationBit, verifyByKid } from '../../../test/open-badges.js';
import { decodePng, pngSize } from '../../../test/png.js';

const BASE = 'https://www.cpirma.example.cn';

/**
 * 培训证明/参会证明: issued by one action to the members checked in (not the merely signed up),
 * once per member and activity however often and however many staff issue, audited, guarded by
 * activity:certify; drawn as a PNG, listed in the member's 我的证书, verifiable by its page and
 * as a signed Open Badges credential whose revocation list bit follows revoke and restore.
 */
describe.each(engines)('attendance certificates on %s', (engine) => {
  let s: ActivityScene;
  let training: number;
  const db = () => s.t.app.services.database.db;

  const checkIn = (activityId: number, ...accounts: string[]) => markCheckedIn(s, activityId, '2024-06-20 08:30:00', ...accounts);
  const issue = (ActivityId: number, token?: string) => s.business<IssuedCertsDto>('IssueActivityCertificates', { ActivityId }, token);
  const listOf = async (activityId: number) =>
    (await s.business<ListDto<AttendanceCertDto>>(`GetActivityCertificateList?activityid=${activityId}&pagesize=50`)).Data;
  const mine = async (account: string) => {
    const answer = await s.member<AttendanceCertDto[]>(account, 'GetMyActivityCertificates');
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };
  const page = (token: string) => s.t.app.inject({ method: 'GET', url: `/attendance/verify/${token}` });
  const tokenOf = (c: AttendanceCertDto) => c.VerifyUrl.split('/').pop()!;

  beforeAll(async () => {
    s = await activityScene(engine, { publicBaseUrl: BASE });
    await s.addMembers('alice', 'bob', 'carol', 'dave');
    training = await s.publish({ Title: '工程质量风险管理培训班', IsTraining: true });
    expect((await s.detail(training)).IsTraining).toBe(true);
    for (const account of ['alice', 'bob', 'carol', 'dave']) expect((await s.member(account, 'SignUpActivity', { ActivityId: training })).Code).toBe(200);
  });
  afterAll(() => s.close());

  it('refuses an activity before its end and with nobody checked in, and issues to the checked in alone, once each', async () => {
    // A certificate says the member took part: not while the activity is still to come or under way.
    await checkIn(training, 'alice');
    s.moveTo('2024-06-20 16:59:59');
    expect(await issue(training)).toMatchObject({ Code: 400, Message: '活动尚未结束（2024-06-20 17:00 结束），结束后方可颁发证明' });
    expect(await listOf(training)).toEqual({ List: [], TotalCount: 0 });
    await db().updateTable('activity_notices').set({ checked_in_at: '', checked_in_by: '' }).where('activity_id', '=', training).execute();
    s.moveTo('2024-06-20 17:00:00');
    expect(await issue(training)).toMatchObject({ Code: 400, Message: '该活动尚无已签到的会员，无法颁发证明' });
    expect(await issue(999999)).toMatchObject({ Code: 404 });
    await checkIn(training, 'alice', 'bob');
    expect(await issue(training)).toMatchObject({ Code: 200, Message: '已颁发2份证明', Data: { Issued: 2, Kept: 0 } });
    expect(await issue(training)).toMatchObject({ Code: 200, Message: '已颁发0份证明，另有2位会员此前已颁发', Data: { Issued: 0, Kept: 2 } });

    const certs = await listOf(training);
    expect(certs.TotalCount).toBe(2);
    expect(certs.List.map((c) => [c.MemberName, c.Kind, c.KindName, c.Status, c.CheckInTime])).toEqual([
      ['alice工程有限公司', 'training', '培训证明', 0, '2024-06-20 08:30:00'],
      ['bob工程有限公司', 'training', '培训证明', 0, '2024-06-20 08:30:00'],
    ]);
    expect(certs.List[0]).toMatchObject({ ActivityTitle: '工程质量风险管理培训班', ActivityDays: '2024年6月20日', IssuedBy: 'admin' });
    expect(certs.List[0]!.VerifyUrl).toMatch(new RegExp(`^${BASE}/attendance/verify/[\\w-]{32}$`));

    const audit = await db()
      .selectFrom('audit_logs')
      .select(['result', 'detail'])
      .where('action', '=', 'activity:certify')
      .where('target', '=', '活动')
      .where('target_id', '=', String(training))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.result, a.detail])).toEqual([
      [0, '活动尚未结束（2024-06-20 17:00 结束），结束后方可颁发证明'],
      [0, '该活动尚无已签到的会员，无法颁发证明'],
      [1, '颁发证明：工程质量风险管理培训班，2份'],
      [1, '颁发证明：工程质量风险管理培训班，0份'],
    ]);
  });

  it('gives one certificate per member when several staff issue at once', async () => {
    await checkIn(training, 'carol', 'dave');
    const token = await loginAdmin(s.t);
    const instances = await sharingInstances(s.t, { now: s.clock.now, backgroundJobs: false });
    try {
      const answers = await atOnce(instances.apps, 8, (app) => s.business<IssuedCertsDto>('IssueActivityCertificates', { ActivityId: training }, token, app));
      expect(answers.map((a) => [a.Code, a.Message]).filter(([code]) => code !== 200)).toEqual([]);
      expect(answers.reduce((sum, a) => sum + a.Data.Issued, 0)).toBe(2);
    } finally {
      await instances.close();
    }
    const rows = await db().selectFrom('attendance_certificates').select(['member_id']).where('activity_id', '=', training).execute();
    expect(rows.map((r) => r.member_id).sort((a, b) => a - b)).toEqual([s.ids.alice, s.ids.bob, s.ids.carol, s.ids.dave].sort((a, b) => a! - b!));
  });

  it('issues a 参会证明 for an activity that is not training', async () => {
    const talk = await s.publish({
      Title: '行业年会',
      StartTime: '2024-06-21 09:00:00',
      EndTime: '2024-06-22 12:00:00',
      SignUpDeadline: '2024-06-21 08:00:00',
    });
    expect((await s.detail(talk)).IsTraining).toBe(false);
    expect((await s.member('alice', 'SignUpActivity', { ActivityId: talk })).Code).toBe(200);
    expect((await s.member('bob', 'SignUpActivity', { ActivityId: talk })).Code).toBe(200);
    await checkIn(talk, 'alice');
    s.moveTo('2024-06-22 12:00:00');
    expect((await issue(talk)).Data).toEqual({ Issued: 1, Kept: 0 });
    expect((await listOf(talk)).List.map((c) => [c.MemberName, c.Kind, c.KindName, c.ActivityDays])).toEqual([
      ['alice工程有限公司', 'attendance', '参会证明', '2024年6月21日至6月22日'],
    ]);
  });

  it('lists a member’s own certificates in 我的证书 and draws each as the certificates are drawn', async () => {
    const alices = await mine('alice');
    expect(alices.map((c) => [c.ActivityTitle, c.KindName])).toEqual([
      ['行业年会', '参会证明'],
      ['工程质量风险管理培训班', '培训证明'],
    ]);
    expect((await mine('bob')).map((c) => c.MemberName)).toEqual(['bob工程有限公司']);

    const png = Buffer.from((await s.member<string>('alice', `DownMyActivityCertificate/${alices[1]!.Id}`)).Data, 'base64');
    expect(pngSize(png)).toEqual({ width: 1600, height: 1131 });
    const pixels = decodePng(png);
    expect(pixels.width).toBe(1600);
    expect(png.length).toBeGreaterThan(50_000);
    // Another member's certificate is not found for her.
    const bobs = (await mine('bob'))[0]!;
    expect(await s.member('alice', `DownMyActivityCertificate/${bobs.Id}`)).toMatchObject({ Code: 404, Message: '未找到该证明' });
    // Staff may draw any.
    const staffPng = Buffer.from((await s.business<string>(`DownActivityCertificate/${bobs.Id}`)).Data, 'base64');
    expect(pngSize(staffPng)).toEqual({ width: 1600, height: 1131 });
  });

  it('verifies by its page and its signed credential; revoking sets its status bit and restoring clears it', async () => {
    const cert = (await mine('bob'))[0]!;
    const opened = await page(tokenOf(cert));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('培训证明有效');
    expect(opened.body).toContain('bob工程有限公司');
    expect(opened.body).toContain(cert.CertNo);
    expect((await page('not-a-token-at-all-here')).statusCode).toBe(404);

    const credential = await s.t.app.inject({ method: 'GET', url: `/attendance/verify/${tokenOf(cert)}/credential` });
    expect(credential.statusCode).toBe(200);
    expect(credential.headers['content-type']).toMatch(/^application\/jwt/);
    const jwks = JSON.parse((await s.t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).body) as JSONWebKeySet;
    const { payload } = await jwtVerify(credential.body, createLocalJWKSet(jwks), { issuer: `${BASE}/cert/issuer` });
    expect(await verifyByKid(s.t, credential.body)).toEqual(payload);
    const claims = payload as JWTPayload & {
      id: string;
      name: string;
      credentialSubject: { identifier: { identityHash: string }[]; achievement: { name: string } };
    };
    expect(claims.id).toBe(cert.VerifyUrl);
    expect(claims.name).toBe(`培训证明 ${cert.CertNo}`);
    expect(claims.credentialSubject.identifier[0]!.identityHash).toBe('bob工程有限公司');
    expect(claims.credentialSubject.achievement.name).toBe('工程质量风险管理培训班（培训证明）');
    expectSchemaValid(payload);
    expect(await revocationBit(s.t, payload)).toBe(false);

    expect(await s.business('RevokeActivityCertificate', { Id: cert.Id, Revoke: true })).toMatchObject({
      Code: 200,
      Message: '证明已撤销',
      Data: { Status: 1 },
    });
    expect(await revocationBit(s.t, payload)).toBe(true);
    const revoked = await page(tokenOf(cert));
    expect(revoked.body).toContain('培训证明已撤销');
    expect(revoked.body).not.toContain('bob工程有限公司');
    expect((await s.t.app.inject({ method: 'GET', url: `/attendance/verify/${tokenOf(cert)}/credential` })).statusCode).toBe(404);
    expect(await s.member('bob', `DownMyActivityCertificate/${cert.Id}`)).toMatchObject({ Code: 400, Message: '该证明已撤销，无法下载' });
    expect((await mine('bob'))[0]!.Status).toBe(1);

    expect(await s.business('RevokeActivityCertificate', { Id: cert.Id, Revoke: false })).toMatchObject({
      Code: 200,
      Message: '证明已恢复',
      Data: { Status: 0 },
    });
    expect(await revocationBit(s.t, payload)).toBe(false);
    expect((await page(tokenOf(cert))).body).toContain('培训证明有效');
    expect(await s.business('RevokeActivityCertificate', { Id: 999999, Revoke: true })).toMatchObject({ Code: 404, Message: '未找到该证明' });

    const audit = await db()
      .selectFrom('audit_logs')
      .select('detail')
      .where('action', '=', 'activity:certify')
      .where('target', '=', '活动证明')
      .where('target_id', '=', String(cert.Id))
      .where('result', '=', 1)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.detail)).toEqual([`撤销培训证明：${cert.CertNo} bob工程有限公司`, `恢复培训证明：${cert.CertNo} bob工程有限公司`]);
  });

  it('refuses every call to an admin without 颁发参会证明, and to members', async () => {
    // A button of 活动列表, which the super administrator holds.
    const user = await s.t.app.inject({ method: 'GET', url: '/api/XfSystemApi/GetLoginUser', headers: { token: await loginAdmin(s.t) } });
    expect((JSON.parse(user.body) as { Data: { ButtonL: string[] } }).Data.ButtonL).toContain('activity:certify');
    await createAdmin(s.t, await loginAdmin(s.t), 'editor1', '内容编辑');
    const editor = await loginAdmin(s.t, 'editor1');
    const cert = (await mine('alice'))[0]!;
    expect((await issue(training, editor)).Code).toBe(403);
    expect((await s.business(`GetActivityCertificateList?activityid=${training}`, undefined, editor)).Code).toBe(403);
    expect((await s.business(`DownActivityCertificate/${cert.Id}`, undefined, editor)).Code).toBe(403);
    expect((await s.business('RevokeActivityCertificate', { Id: cert.Id, Revoke: true }, editor)).Code).toBe(403);
    expect(
      (await s.t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetMyActivityCertificates' }).then((r) => JSON.parse(r.body) as { Code: number })).Code,
    ).toBe(401);
    expect(await db().selectFrom('attendance_certificates').select('status').where('id', '=', cert.Id).executeTakeFirstOrThrow()).toEqual({ status: 0 });
  });
});
