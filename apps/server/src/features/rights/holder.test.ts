import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDER_SESSION_MINUTES, rightsMessages, type CertHolderSessionDto, type ListDto, type MyDataDto, type RightsRequestDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { idNumber, saveCert } from '../../../test/certificates.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { addMember, freshAddress, loginMember, publicCall, seedTypeChoices } from '../../../test/members.js';

/**
 * 个人信息权利 of certificate holders and exam candidates: no account, so they prove who they are
 * with name, whole ID number and a certificate number (or, without one, the exam date), and the
 * token that answers opens their records and requests for 30 minutes.
 */
describe.each(engines)('a certificate holder’s rights on %s', (engine) => {
  const clock = testClock(Date.UTC(2024, 5, 17, 2, 0, 0));
  let t: TestApp;
  let admin: string;
  const zhang = { Name: '张三', IdNum: idNumber(7) };
  const ids: Record<'cert' | 'result' | 'stranger', number> = { cert: 0, result: 0, stranger: 0 };

  const verify = (body: Record<string, unknown>, address?: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/XfWebApi/VerifyCertHolder', headers: address ? { 'x-forwarded-for': address } : freshAddress(), payload: body })
      .then((res) => envelope<CertHolderSessionDto>(res));
  const holderToken = async (proof = 'GCFX-2024-0007') => {
    const answer = await verify({ ...zhang, Proof: proof });
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data.Token;
  };

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    ids.cert = await saveCert(t, admin, { _name: zhang.Name, _idNum: zhang.IdNum, _certNum: 'GCFX-2024-0007', _examTime: '2024-05-12' });
    // A later exam, failed: a result without a certificate.
    ids.result = await saveCert(t, admin, {
      _name: zhang.Name,
      _idNum: zhang.IdNum,
      _certNum: '',
      _issueDate: '',
      _examStatus: 2,
      _examTime: '2024-06-02',
      View: 'score',
    });
    // Another 张三: the same name, another ID number.
    ids.stranger = await saveCert(t, admin, { _name: zhang.Name, _idNum: idNumber(8), _certNum: 'GCFX-2024-0008' });
  });
  afterAll(() => t.close());

  it('refuses a verification that does not match, in Chinese, and names each missing field', async () => {
    for (const wrong of [
      { ...zhang, Proof: 'GCFX-2024-0008' }, // another person's certificate
      { ...zhang, Proof: '2024-05-12' }, // the date of an exam that gave a certificate: its number is the proof
      { ...zhang, IdNum: idNumber(9), Proof: 'GCFX-2024-0007' },
      { Name: '李四', IdNum: zhang.IdNum, Proof: 'GCFX-2024-0007' },
    ])
      expect(await verify(wrong)).toMatchObject({ Code: 400, Message: rightsMessages.holderNotVerified });
    expect(await verify({ ...zhang, Proof: ' ' })).toMatchObject({ Code: 400, Message: rightsMessages.holderProofRequired });
    expect(await verify({ Name: '', IdNum: zhang.IdNum, Proof: 'x' })).toMatchObject({ Code: 400, Message: rightsMessages.holderNameRequired });
  });

  it('opens every record of the person, by certificate number or by the exam date of a result, masked, and no one else’s', async () => {
    const byCert = await verify({ ...zhang, IdNum: zhang.IdNum.toLowerCase(), Proof: 'gcfx-2024-0007' });
    expect(byCert).toMatchObject({ Code: 200, Data: { Name: '张三', ExpireTime: '2024-06-17 10:30:00' } });
    for (const token of [byCert.Data.Token, await holderToken('2024-06-02')]) {
      const { Data } = await publicCall<MyDataDto>(t, token, 'GET', 'GetHolderData');
      expect(Data.Sections.map((s) => s.Name)).toEqual(['证书与考试成绩', '个人信息请求']);
      const records = Data.Sections[0]!.Rows;
      expect(records.map((r) => [r[4], r[5], r[6]])).toEqual([
        ['2024-06-02', '不合格', ''],
        ['2024-05-12', '合格', 'GCFX-2024-0007'],
      ]);
      expect(records[0]![2]).toBe(`${zhang.IdNum.slice(0, 6)}********${zhang.IdNum.slice(-4)}`);
      expect(JSON.stringify(Data)).not.toContain(zhang.IdNum);
      expect(JSON.stringify(Data)).not.toContain('GCFX-2024-0008');
    }
  });

  it('answers 403 without a live verification: none, a member’s token, a forged one, one past its 30 minutes', async () => {
    const token = await holderToken();
    const types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'holder_member');
    const member = await loginMember(t, 'holder_member');
    const [id, expires] = token.split('.');
    for (const wrong of [undefined, member, `${ids.stranger}.${expires}.${token.split('.')[2]}`, `${id}.${Number(expires) + 3600}.${token.split('.')[2]}`])
      expect(await publicCall(t, wrong, 'GET', 'GetHolderData')).toMatchObject({ Code: 403, Message: rightsMessages.holderSessionExpired });
    clock.advance(HOLDER_SESSION_MINUTES * 60_000);
    expect(await publicCall(t, token, 'GET', 'GetHolderData')).toMatchObject({ Code: 403, Message: rightsMessages.holderSessionExpired });
    // Nor does a holder's token open a member's data.
    expect(await publicCall(t, await holderToken(), 'GET', 'GetMyData')).toMatchObject({ Code: 401 });
  });

  it('gives the copy as a workbook and as JSON', async () => {
    const token = await holderToken();
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownHolderData', headers: { token, ...freshAddress() } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['证书与考试成绩', '个人信息请求']);
    const json = await t.app.inject({ method: 'GET', url: '/api/XfWebApi/DownHolderData?format=json', headers: { token, ...freshAddress() } });
    expect((JSON.parse(json.body) as MyDataDto).Sections[0]!.Rows).toHaveLength(2);
  });

  it('takes requests into the staff queue as a holder’s, and deleting keeps the certificate and removes the result', async () => {
    const token = await holderToken();
    const asked = await publicCall<number>(t, token, 'POST', 'SaveHolderRightsRequest', { Kind: 'deletion', Content: '请删除我的考试成绩' });
    expect(asked).toMatchObject({ Code: 200, Message: rightsMessages.submitted });
    // The same person, verified through the other record, sees the same request.
    const mine = await publicCall<RightsRequestDto[]>(t, await holderToken('2024-06-02'), 'GET', 'GetHolderRightsRequests');
    expect(mine.Data.map((r) => [r.Id, r.Requester, r.MemberName])).toEqual([[asked.Data, 'holder', '张三']]);
    const queue = (await adminCall<ListDto<RightsRequestDto>>(t, admin, 'GET', '/api/XfSysBussiness/GetRightsRequestList?status=0')).Data;
    expect(queue.List.find((r) => r.Id === asked.Data)).toMatchObject({ Requester: 'holder', MemberName: '张三', Account: '', DueTime: '2024-07-08 23:59:59' });

    const done = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/HandleRightsRequest', { Id: asked.Data, Status: 1, Answer: '已按您的要求处理' });
    expect(done.Code, done.Message).toBe(200);
    const left = await t.app.services.database.db.selectFrom('certificates').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([ids.cert, ids.stranger]);
    const answered = (await publicCall<RightsRequestDto[]>(t, await holderToken(), 'GET', 'GetHolderRightsRequests')).Data[0]!;
    expect(answered.Answer).toBe(
      '已按您的要求处理\n\n已删除或匿名化：考试成绩1条（未发证书的）。\n依法保留：已颁发的证书1张（证书须可查验）；个人信息请求记录（证明请求已依法办理，个人信息保护法第五十条）。',
    );
    const log = await adminCall<ListDto<{ Detail: string }>>(t, admin, 'GET', '/api/XfSystemApi/GetAuditLogList?action=system:rights:handle');
    expect(log.Data.List[0]!.Detail).toContain('证书持有人张三的删除请求：已办结（已删除其个人信息）');
  });

  it('counts verifications against the lookup budget of the address, so exam dates cannot be tried in turn', async () => {
    const address = '203.0.113.77';
    let answer = await verify({ ...zhang, Proof: '2024-01-01' }, address);
    for (let day = 2; answer.Code === 400 && day < 60; day++) answer = await verify({ ...zhang, Proof: `2024-01-${String(day).padStart(2, '0')}` }, address);
    expect(answer.Code).toBe(429);
  });
});
