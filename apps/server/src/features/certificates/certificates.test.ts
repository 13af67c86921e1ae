import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertAdminDto, CertModelDto, CertRecordDto } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { certBody, certCall, idNumber, saveCert } from '../../../test/certificates.js';
import { atOnce, sharingInstances } from '../../../test/concurrency.js';
import { engines, secondInstance, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, seedTypeChoices } from '../../../test/members.js';
import { decodePng, differingPixels, pngSize } from '../../../test/png.js';
import { DOWNLOAD_TOKEN_HOURS } from './download-token.js';
import { NAME_BOX, renderCertificate, type CertificateImage } from './image.js';

type List<T> = { List: T[]; TotalCount: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const ADMIN_SESSION = { Code: 402, Message: '无效的会话，或者会话已过期，请重新登录', Data: null };
const TOO_MANY = { Code: 429, Message: '请求过于频繁，请稍后再试', Data: null };
const REFUSED = { Code: 404, Message: '证书不存在，或与所填证件号码不符', Data: null };
const EXPIRED = { Code: 404, Message: '查询结果已过期，请重新查询后下载', Data: null };
/** The id the public lookup hands out: `<record>.<expiry>.<signature>`, no bare record number. */
const DOWNLOAD_TOKEN = /^\d+\.\d+\.[\w-]{43}$/;

/** Where the demo records' holders work: the member companies alice and bobco (applicationForm names them so). */
const ALICE_CO = 'alice工程有限公司';
const BOB_CO = 'bobco工程有限公司';
const X_ID = '11010519491231002X';

describe.each(engines)('certificates on %s', (engine) => {
  const clock = testClock();
  let t: TestApp;
  let admin: string;
  let editor: string;
  let scorer: string;
  let alice: string;
  let bob: string;
  /** Record ids by holder, as EditCertInfo adds them. */
  const ids = { zhang: 0, zhangFailed: 0, li: 0, wang: 0, qian: 0, sun: 0, passport: 0, zhangAgain: 0 };
  let addresses = 0;
  /** A client address of its own, for calls the lookup budget must not see shared. */
  const fresh = () => `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  const business = <T = unknown>(token: string | undefined, call: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, token, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${call}`, payload);
  const adminList = async (query = '') => (await business<List<CertAdminDto>>(admin, `GetCertList?pagesize=100&${query}`)).Data;
  const lookup = (query: Record<string, string | number>, address = fresh(), token?: string) =>
    certCall<List<CertRecordDto>>(t, 'GetCertList', query, address, token);
  const download = (query: Record<string, string | number>, address = fresh(), token?: string) => certCall<string>(t, 'DownCert', query, address, token);

  beforeAll(async () => {
    t = await createAdminTestApp(engine, { now: clock.now });
    admin = await loginAdmin(t);
    await createAdmin(t, admin, 'editor1', '内容编辑');
    editor = await loginAdmin(t, 'editor1');
    const menu = await t.app.services.database.db.selectFrom('system_menus').select('id').where('perms', '=', 'cert:score:list').executeTakeFirstOrThrow();
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: '成绩查看', MenuIds: [menu.id] })).Code).toBe(200);
    await createAdmin(t, admin, 'scorer1', '成绩查看');
    scorer = await loginAdmin(t, 'scorer1');
    const types = await seedTypeChoices(t);
    await addMember(t, admin, types, 'alice');
    await addMember(t, admin, types, 'bobco');
    alice = await loginMember(t, 'alice');
    bob = await loginMember(t, 'bobco');
  });
  afterAll(() => t.close());

  describe('EditCertInfo', () => {
    it('checks every field with its message and writes nothing refused', async () => {
      const refuse = async (overrides: Record<string, unknown>, message: string) =>
        expect(await business(admin, 'EditCertInfo', certBody(overrides)), JSON.stringify(overrides)).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({ _name: '  ' }, '请输入姓名');
      await refuse({ _name: '名'.repeat(51) }, '姓名不能超过50个字');
      await refuse({ _idNum: '' }, '请输入证件号码');
      await refuse({ _idNum: '110101199003074478' }, '身份证号码校验位不正确，请核对');
      await refuse({ _idNum: '11010119900307447' }, '身份证号码应为18位（最后一位可为X）');
      await refuse({ _idNum: `11010119900230447${'3'}` }, '身份证号码中的出生日期不正确');
      await refuse({ _idNum: 'E12345678' }, '身份证号码应为18位（最后一位可为X）');
      await refuse({ _idNum: 'E12_345', _idType: 2 }, '证件号码应为5-20位字母或数字');
      await refuse({ _idType: 9 }, '请选择证件类型');
      await refuse({ _examTime: '' }, '请输入考试时间');
      await refuse({ _examTime: '2024-02-30' }, '日期无效，应为yyyy-MM-dd（如2024-05-12）');
      await refuse({ _examStatus: 5 }, '考试结果应为合格、不合格或缺考（或1、2、0）');
      await refuse({ _certNum: '' }, '考试合格的记录须填写证书编号');
      await refuse({ _certNum: 'GCFX 2024' }, '证书编号不能含有空格');
      await refuse({ _examStatus: 2, View: 'score' }, '只有考试合格的记录可以填写证书编号');
      await refuse({ _issueDate: '' }, '考试合格的记录须填写发证日期');
      await refuse({ _examStatus: 0, _certNum: '', _issueDate: '2024-06-01', View: 'score' }, '只有考试合格的记录可以填写发证日期');
      await refuse({ _issueDate: '2024-05-11' }, '发证日期不能早于考试时间');
      await refuse({ _remarks: '备'.repeat(201) }, '备注不能超过200个字');
      await refuse({ _status: 3 }, '状态只能是0（官网隐藏）或1（正常）');
      await refuse({ View: 'all' }, '参数错误');
      expect((await adminList('view=score')).TotalCount).toBe(0);
    });

    it('adds records with normalised numbers and edits them; the model shows the whole ID number', async () => {
      ids.zhang = await saveCert(t, admin, { _company: ALICE_CO });
      ids.zhangFailed = await saveCert(t, admin, {
        _idNum: idNumber(2),
        _company: BOB_CO,
        _examStatus: 2,
        _certNum: '',
        _issueDate: '',
        _remarks: '补考',
        View: 'score',
      });
      ids.li = await saveCert(t, admin, { _name: '李四', _idNum: idNumber(3), _company: ALICE_CO, _certNum: 'GCFX-2024-0002', _status: 0 });
      ids.wang = await saveCert(t, admin, { _name: '王五', _idNum: idNumber(4), _company: ALICE_CO, _certNum: 'GCFX-2024-0003' });
      // A lower-case x, full-width letters and spaces are stored as one form.
      ids.qian = await saveCert(t, admin, {
        _name: '钱七',
        _idNum: ' 110105 19491231002x ',
        _company: ALICE_CO,
        _certNum: 'ｇｃｆｘ-2024-0004',
        _examTime: '2023-11-20',
        _issueDate: '2023-12-01',
      });
      ids.sun = await saveCert(t, admin, { _name: '孙八', _idNum: idNumber(5), _company: '', _examStatus: 0, _certNum: '', _issueDate: '', View: 'score' });
      ids.passport = await saveCert(t, admin, { _name: 'JOHN SMITH', _idType: 2, _idNum: 'e1234567', _company: BOB_CO, _certNum: 'GCFX-2024-0005' });

      const model = (await business<CertModelDto>(admin, `GetCertModel?CertId=${ids.qian}&view=score`)).Data;
      expect(model).toMatchObject({
        _certId: ids.qian,
        _name: '钱七',
        _idType: 1,
        _idNum: X_ID,
        _certNum: 'GCFX-2024-0004',
        _examTime: '2023-11-20',
        _status: 1,
      });
      expect(model._verifyUrl).toMatch(/^http:\/\/localhost(:\d+)?\/cert\/verify\/[A-Za-z0-9_-]{43}$/);
      expect((await business<CertModelDto>(admin, `GetCertModel?CertId=${ids.passport}`)).Data).toMatchObject({ _idType: 2, _idNum: 'E1234567' });

      clock.advance(MINUTE);
      expect(await business(admin, 'EditCertInfo', certBody({ _certId: ids.zhang, _company: ALICE_CO, _remarks: '已更正单位' }))).toEqual({
        Code: 200,
        Message: '操作成功',
        Data: ids.zhang,
      });
      const edited = (await business<CertModelDto>(admin, `GetCertModel?CertId=${ids.zhang}`)).Data;
      expect(edited).toMatchObject({ _remarks: '已更正单位', _updateTime: '2024-06-01 10:01:00', _createTime: '2024-06-01 10:00:00' });
      // Editing keeps the verification token: a printed QR code stays valid.
      expect(edited._verifyUrl).toBe((await business<CertModelDto>(admin, `GetCertModel?CertId=${ids.zhang}`)).Data._verifyUrl);
      expect(await business(admin, `GetCertModel?CertId=999999`)).toEqual({ Code: 404, Message: '证书不存在', Data: null });
    });

    it('keeps certificate numbers unique and one result per candidate and exam day', async () => {
      const refuse = async (overrides: Record<string, unknown>, message: string) =>
        expect(await business(admin, 'EditCertInfo', certBody(overrides))).toEqual({ Code: 400, Message: message, Data: null });
      await refuse({ _idNum: idNumber(9), _certNum: 'gcfx-2024-0001' }, '证书编号已存在');
      await refuse({ _idNum: idNumber(1), _certNum: 'GCFX-2024-0099' }, '该考生在此考试时间已有成绩');
      await refuse({ _certId: ids.wang, _name: '王五', _idNum: idNumber(4), _certNum: 'GCFX-2024-0002' }, '证书编号已存在');
      // The record's own number and result are no conflict with itself.
      expect(
        (
          await business(
            admin,
            'EditCertInfo',
            certBody({ _certId: ids.wang, _name: '王五', _idNum: idNumber(4), _certNum: 'GCFX-2024-0003', _remarks: '复核' }),
          )
        ).Code,
      ).toBe(200);
      // Another exam day is another result.
      ids.zhangAgain = await saveCert(t, admin, {
        _idNum: idNumber(2),
        _company: BOB_CO,
        _examTime: '2024-09-01',
        _issueDate: '2024-09-20',
        _certNum: 'GCFX-2024-0101',
      });
    });

    it('holds 证书列表 to passed results with a certificate; 考试成绩 takes every result', async () => {
      expect(await business(admin, 'EditCertInfo', certBody({ _idNum: idNumber(20), _examStatus: 2, _certNum: '', _issueDate: '', View: 'cert' }))).toEqual({
        Code: 400,
        Message: '证书列表只收录考试合格且有证书编号的记录',
        Data: null,
      });
      expect(await business(admin, `GetCertModel?CertId=${ids.zhangFailed}&view=cert`)).toEqual({ Code: 404, Message: '证书不存在', Data: null });
      expect((await business(admin, `GetCertModel?CertId=${ids.zhangFailed}&view=score`)).Code).toBe(200);
      const scores = await adminList('view=score');
      const certs = await adminList('view=cert');
      expect(scores.TotalCount).toBe(8);
      expect(certs.List.map((r) => r._certId).sort()).toEqual([ids.zhang, ids.li, ids.wang, ids.qian, ids.passport, ids.zhangAgain].sort());
      // Lists mask ID numbers; newest exam first.
      expect(scores.List.every((r) => /^\w{6}\*{8}\w{4}$/.test(r._idNum) || r._idType !== 1)).toBe(true);
      const times = scores.List.map((r) => r._examTime);
      expect(times).toEqual([...times].sort().reverse());
    });
  });

  describe('public GetCertList', () => {
    it('asks for a name, then an ID number or certificate number, with the spec’s messages', async () => {
      expect(await lookup({})).toEqual({ Code: 400, Message: '姓名不能为空!', Data: null });
      expect(await lookup({ Name: '  ', IdNum: idNumber(1) })).toEqual({ Code: 400, Message: '姓名不能为空!', Data: null });
      expect(await lookup({ Name: '张三' })).toEqual({ Code: 400, Message: '身份证和证书编号必须选填一个!', Data: null });
      expect(await lookup({ Name: '张三', IdNum: ' ', CertNum: '' })).toEqual({ Code: 400, Message: '身份证和证书编号必须选填一个!', Data: null });
    });

    it('answers exact matches only, with the spec’s fields and the ID number masked', async () => {
      const found = await lookup({ Name: '张三', IdNum: idNumber(1), pageindex: 1, pagesize: 10 });
      expect(found.Code).toBe(200);
      expect(found.Data.TotalCount).toBe(1);
      const [record] = found.Data.List;
      expect(Object.keys(record ?? {}).sort()).toEqual(
        ['_certId', '_certNum', '_company', '_examStatus', '_examTime', '_idNum', '_issueDate', '_name', '_remarks', '_status'].sort(),
      );
      expect(record).toEqual({
        _certId: expect.stringMatching(DOWNLOAD_TOKEN),
        _name: '张三',
        _idNum: `110101********${idNumber(1).slice(14)}`,
        _company: ALICE_CO,
        _examTime: '2024-05-12',
        _examStatus: 1,
        _certNum: 'GCFX-2024-0001',
        _issueDate: '2024-06-01',
        _remarks: '已更正单位',
        _status: 1,
      });
      const count = async (query: Record<string, string>) => (await lookup(query)).Data.TotalCount;
      // Partial or padded names, other people's numbers: nobody.
      expect(await count({ Name: '张', IdNum: idNumber(1) })).toBe(0);
      expect(await count({ Name: '张三三', IdNum: idNumber(1) })).toBe(0);
      expect(await count({ Name: '李四', IdNum: idNumber(1) })).toBe(0);
      expect(await count({ Name: '张三', IdNum: idNumber(1).slice(0, 17) })).toBe(0);
      expect(await count({ Name: '张三', IdNum: '%' })).toBe(0);
      expect(await count({ Name: '张三', CertNum: 'GCFX-2024' })).toBe(0);
      expect(await count({ Name: '张三', IdNum: idNumber(1), CertNum: 'GCFX-2024-0002' })).toBe(0);
      // Trimmed; ID and certificate letters in any case.
      expect(await count({ Name: ' 张三 ', IdNum: ` ${idNumber(1)} ` })).toBe(1);
      expect(await count({ Name: '钱七', IdNum: X_ID.toLowerCase() })).toBe(1);
      expect(await count({ Name: '钱七', CertNum: 'gcfx-2024-0004' })).toBe(1);
      expect(await count({ Name: 'JOHN SMITH', IdNum: 'e1234567' })).toBe(1);
      expect((await lookup({ Name: 'JOHN SMITH', IdNum: 'E1234567' })).Data.List[0]?._idNum).toBe('E1****67');
      // Every result of a person, failed ones included, newest first.
      const results = await lookup({ Name: '张三', IdNum: idNumber(2) });
      expect(results.Data.List.map((r) => [r._examTime, r._examStatus, r._certNum])).toEqual([
        ['2024-09-01', 1, 'GCFX-2024-0101'],
        ['2024-05-12', 2, ''],
      ]);
      expect((await lookup({ Name: '张三', IdNum: idNumber(2), pagesize: 1, pageindex: 2 })).Data).toMatchObject({
        TotalCount: 2,
        List: [{ _examTime: '2024-05-12' }],
      });
    });

    it('never answers hidden or deleted records', async () => {
      expect((await lookup({ Name: '李四', IdNum: idNumber(3) })).Data.TotalCount).toBe(0);
      expect((await lookup({ Name: '李四', CertNum: 'GCFX-2024-0002' })).Data.TotalCount).toBe(0);
      expect((await lookup({ Name: '王五', IdNum: idNumber(4) })).Data.TotalCount).toBe(1);
      expect(await business(admin, 'DelCerts', { Ids: [ids.wang], View: 'score' })).toEqual({ Code: 200, Message: '操作成功', Data: 1 });
      expect((await lookup({ Name: '王五', IdNum: idNumber(4) })).Data.TotalCount).toBe(0);
      expect((await lookup({ Name: '王五', CertNum: 'GCFX-2024-0003' })).Data.TotalCount).toBe(0);
    });

    it('takes 30 lookups per address in 10 minutes, then Code 429 until the window passes', async () => {
      const address = '10.78.0.1';
      for (let i = 0; i < 30; i++) expect((await lookup({ Name: `路人${i}`, IdNum: idNumber(1) }, address)).Code).toBe(200);
      expect(await lookup({ Name: '张三', IdNum: idNumber(1) }, address)).toEqual(TOO_MANY);
      expect(await download({ CertId: ids.zhang, IdNum: idNumber(1) }, address)).toEqual(TOO_MANY);
      // A refused form is no lookup; another address has its own budget.
      expect((await lookup({ Name: '张三' }, address)).Code).toBe(400);
      expect((await lookup({ Name: '张三', IdNum: idNumber(1) }, '10.78.0.2')).Data.TotalCount).toBe(1);
      clock.advance(10 * MINUTE);
      expect((await lookup({ Name: '张三', IdNum: idNumber(1) }, address)).Data.TotalCount).toBe(1);
    });

    it('holds the budget of 30 when 60 lookups and downloads arrive at once, spread over two instances', async () => {
      const address = '10.78.3.1';
      const shared = await sharingInstances(t, { now: clock.now });
      try {
        // Every third a download with a wrong ID number: a guess, counted like a search.
        const answers = await atOnce(shared.apps, 60, (on, i) =>
          i % 3 === 2
            ? certCall(on, 'DownCert', { CertId: ids.zhang, IdNum: idNumber(100 + i) }, address)
            : certCall(on, 'GetCertList', { Name: `路人${i}`, IdNum: idNumber(1) }, address),
        );
        const refused = answers.filter((a) => a.Code === 429);
        expect(refused).toHaveLength(30);
        expect(refused).toEqual(Array(30).fill(TOO_MANY));
        expect(answers.filter((a) => a.Code !== 429).every((a) => a.Code === 200 || a.Message === REFUSED.Message)).toBe(true);
      } finally {
        await shared.close();
      }
      const counted = await t.app.services.database.db.selectFrom('cert_lookups').select('id').where('ip', '=', address).execute();
      expect(counted).toHaveLength(30);
    });

    it('lists a member’s own company’s visible certificates when a member token comes without a name', async () => {
      const own = await lookup({}, fresh(), alice);
      expect(own.Code).toBe(200);
      // 李四 is hidden and 王五 deleted; 孙八 has no company.
      expect(own.Data.List.map((r) => r._name).sort()).toEqual(['张三', '钱七'].sort());
      expect(own.Data.List.every((r) => r._company === ALICE_CO && r._idNum.includes('*'))).toBe(true);
      const bobs = await lookup({}, fresh(), bob);
      expect(bobs.Data.List.map((r) => `${r._name} ${r._examTime}`).sort()).toEqual(['JOHN SMITH 2024-05-12', '张三 2024-05-12', '张三 2024-09-01'].sort());
      expect(bobs.Data.List.every((r) => DOWNLOAD_TOKEN.test(r._certId))).toBe(true);
      // With a name, a member searches like anyone.
      expect((await lookup({ Name: '张三', IdNum: idNumber(1) }, fresh(), bob)).Data.TotalCount).toBe(1);
      // The company listing does not spend the lookup budget.
      const address = '10.78.1.1';
      for (let i = 0; i < 35; i++) expect((await lookup({ pagesize: 1, pageindex: (i % 2) + 1 }, address, alice)).Code).toBe(200);
      // An admin token is no member token.
      expect(await lookup({}, fresh(), admin)).toEqual({ Code: 400, Message: '姓名不能为空!', Data: null });
    });
  });

  describe('DownCert', () => {
    it('answers the certificate as a base64 PNG of 1600 × 1131 with the holder’s name drawn', async () => {
      const answer = await download({ IdNum: idNumber(1), CertId: ids.zhang });
      expect(answer.Code, answer.Message).toBe(200);
      const png = Buffer.from(answer.Data, 'base64');
      expect(pngSize(png)).toEqual({ width: 1600, height: 1131 });
      const blank: CertificateImage = {
        name: '',
        idNum: '',
        company: '',
        certNum: '',
        examTime: '',
        issueDate: '',
        issuer: t.config.site.name,
        verifyUrl: 'http://localhost/cert/verify/x',
      };
      const drawn = decodePng(png);
      const empty = decodePng(await renderCertificate(blank));
      expect(differingPixels(drawn, empty, NAME_BOX)).toBeGreaterThan(800);
      // The page around the name is the same design.
      expect(differingPixels(drawn, empty, { x: 600, y: 250, width: 400, height: 100 })).toBe(0);
    });

    it('downloads only with a matching ID number, or the name and certificate number, and only when passed', async () => {
      expect(await download({ IdNum: idNumber(2), CertId: ids.zhang })).toEqual(REFUSED);
      expect(await download({ IdNum: '', CertId: ids.zhang })).toEqual(REFUSED);
      expect(await download({ IdNum: idNumber(1), CertId: 999999 })).toEqual(REFUSED);
      expect((await download({ IdNum: idNumber(1) })).Code).toBe(400);
      expect(await download({ IdNum: idNumber(2), CertId: ids.zhangFailed })).toEqual({ Code: 400, Message: '考试合格后方可下载证书', Data: null });
      expect(await download({ IdNum: idNumber(5), CertId: ids.sun })).toEqual({ Code: 400, Message: '考试合格后方可下载证书', Data: null });
      // Hidden and deleted certificates are not there at all.
      expect(await download({ IdNum: idNumber(3), CertId: ids.li })).toEqual(REFUSED);
      expect(await download({ IdNum: idNumber(4), CertId: ids.wang })).toEqual(REFUSED);
      // Letters of the ID number in any case; or the pair a search by certificate number used.
      expect((await download({ IdNum: X_ID.toLowerCase(), CertId: ids.qian })).Code).toBe(200);
      expect((await download({ Name: '钱七', CertNum: 'gcfx-2024-0004', CertId: ids.qian })).Code).toBe(200);
      expect(await download({ Name: '钱', CertNum: 'GCFX-2024-0004', CertId: ids.qian })).toEqual(REFUSED);
      expect(await download({ Name: '钱七', CertNum: 'GCFX-2024-0001', CertId: ids.qian })).toEqual(REFUSED);
    });

    it('lets a member download its own company’s certificates without the ID number', async () => {
      expect((await download({ CertId: ids.zhang }, fresh(), alice)).Code).toBe(200);
      expect(await download({ CertId: ids.zhang }, fresh(), bob)).toEqual(REFUSED);
      expect((await download({ CertId: ids.passport }, fresh(), bob)).Code).toBe(200);
      expect(await download({ CertId: ids.li }, fresh(), alice)).toEqual(REFUSED);
    });

    it('counts each try against the lookup budget, so ID numbers cannot be guessed', async () => {
      const address = '10.78.2.1';
      for (let i = 0; i < 30; i++) expect(await download({ IdNum: idNumber(100 + i), CertId: ids.zhang }, address)).toEqual(REFUSED);
      expect(await download({ IdNum: idNumber(1), CertId: ids.zhang }, address)).toEqual(TOO_MANY);
      // A member's own company's certificate is no guess.
      expect((await download({ CertId: ids.zhang }, address, alice)).Code).toBe(200);
    });
  });

  describe('DownCert by the id a lookup handed out', () => {
    /** The `_certId` the lookup answers for its first record. */
    const tokenOf = async (query: Record<string, string>, address = fresh(), token?: string) => {
      const found = await lookup(query, address, token);
      expect(found.Data.List[0]?._certId, JSON.stringify(query)).toMatch(DOWNLOAD_TOKEN);
      return found.Data.List[0]!._certId;
    };

    it('answers the spec client’s call after a search by certificate number: IdNum empty, CertId the _certId it got', async () => {
      const token = await tokenOf({ Name: '钱七', CertNum: 'GCFX-2024-0004' });
      const answer = await download({ IdNum: '', CertId: token });
      expect(answer.Code, answer.Message).toBe(200);
      expect(pngSize(Buffer.from(answer.Data, 'base64'))).toEqual({ width: 1600, height: 1131 });
      // After a search by ID number the client sends that number along; the member's list hands out tokens too.
      expect((await download({ IdNum: X_ID, CertId: await tokenOf({ Name: '钱七', IdNum: X_ID }) })).Code).toBe(200);
      expect((await download({ CertId: await tokenOf({}, fresh(), bob) }, fresh(), bob)).Code).toBe(200);
      // A result that did not pass has a token, and still no certificate.
      const failed = (await lookup({ Name: '张三', IdNum: idNumber(2) })).Data.List.find((r) => r._examStatus === 2);
      expect(await download({ IdNum: '', CertId: failed!._certId })).toEqual({ Code: 400, Message: '考试合格后方可下载证书', Data: null });
    });

    it('refuses record numbers counted up, altered and forged tokens, and the verification token', async () => {
      for (const id of Object.values(ids)) expect(await download({ IdNum: '', CertId: id }), String(id)).toEqual(REFUSED);
      const token = await tokenOf({ Name: '钱七', CertNum: 'GCFX-2024-0004' });
      const [id, expires, signature] = token.split('.') as [string, string, string];
      const altered = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      const forged = (certId: number, until: number) =>
        `${certId}.${until}.${createHmac('sha256', randomBytes(32)).update(`cert-download:${certId}:${until}`).digest('base64url')}`;
      const tries = [
        `${ids.zhang}.${expires}.${signature}`,
        `${id}.${Number(expires) + DOWNLOAD_TOKEN_HOURS * 3600}.${signature}`,
        `${id}.${expires}.${altered}`,
        `${id}.${expires}.${signature.slice(0, 22)}`,
        `0${id}.${expires}.${signature}`,
        forged(ids.zhang, Number(expires)),
      ];
      for (const CertId of tries) expect(await download({ IdNum: '', CertId }), CertId).toEqual(REFUSED);
      // The QR code printed on every copy opens the verification page, and downloads nothing.
      const model = (await business<CertModelDto>(admin, `GetCertModel?CertId=${ids.qian}`)).Data;
      expect(await download({ IdNum: '', CertId: model._verifyUrl.split('/').at(-1)! })).toEqual({ Code: 400, Message: '参数错误', Data: null });
      expect((await download({ IdNum: '', CertId: token })).Code).toBe(200);
    });

    it('refuses the token of a certificate hidden since the lookup, and takes it again once shown', async () => {
      const token = await tokenOf({ Name: 'JOHN SMITH', IdNum: 'E1234567' });
      expect((await business(admin, 'EditCertStatus', { Ids: [ids.passport], Status: 0 })).Data).toBe(1);
      expect(await download({ IdNum: '', CertId: token })).toEqual(REFUSED);
      expect(await download({ IdNum: 'E1234567', CertId: token })).toEqual(REFUSED);
      expect((await business(admin, 'EditCertStatus', { Ids: [ids.passport], Status: 1 })).Data).toBe(1);
      expect((await download({ IdNum: '', CertId: token })).Code).toBe(200);
    });

    it('works for a day on every instance; then says the lookup has expired, unless the ID number comes along', async () => {
      let ahead = 0;
      const later = await secondInstance(t, { now: () => clock.now() + ahead });
      try {
        const token = await tokenOf({ Name: '钱七', CertNum: 'GCFX-2024-0004' });
        const onLater = (query: Record<string, string | number>) => certCall<string>(later, 'DownCert', query, fresh());
        ahead = DOWNLOAD_TOKEN_HOURS * HOUR - 1000;
        expect((await onLater({ IdNum: '', CertId: token })).Code).toBe(200);
        ahead = DOWNLOAD_TOKEN_HOURS * HOUR;
        expect(await onLater({ IdNum: '', CertId: token })).toEqual(EXPIRED);
        expect(await onLater({ IdNum: idNumber(1), CertId: token })).toEqual(EXPIRED);
        expect((await onLater({ IdNum: X_ID, CertId: token })).Code).toBe(200);
      } finally {
        await later.close();
      }
    });

    it('counts every download by token against the lookup budget, forged or not', async () => {
      const address = '10.78.4.1';
      const token = await tokenOf({ Name: '钱七', CertNum: 'GCFX-2024-0004' }, address);
      const [id, expires, signature] = token.split('.') as [string, string, string];
      for (let i = 0; i < 27; i++) expect(await download({ IdNum: '', CertId: `${id}.${Number(expires) + i + 1}.${signature}` }, address)).toEqual(REFUSED);
      expect((await download({ IdNum: '', CertId: token }, address)).Code).toBe(200);
      expect((await download({ IdNum: '', CertId: token }, address)).Code).toBe(200);
      expect(await download({ IdNum: '', CertId: token }, address)).toEqual(TOO_MANY);
      expect(await lookup({ Name: '钱七', CertNum: 'GCFX-2024-0004' }, address)).toEqual(TOO_MANY);
    });
  });

  describe('back office', () => {
    it('GetCertList searches by parts of texts, a whole ID number, states, exam days and issue day in either view', async () => {
      const names = async (query: string) => (await adminList(query)).List.map((r) => r._name).sort();
      expect(await names('view=score&name=张')).toEqual(['张三', '张三', '张三']);
      // Stored sealed, an ID number is found whole (by its keyed hash), as typed in any case.
      expect(await names(`view=score&idnum=${X_ID.toLowerCase()}`)).toEqual(['钱七']);
      expect(await names(`view=score&idnum=${X_ID.slice(10)}`)).toEqual([]);
      expect(await names('view=cert&certnum=gcfx-2024-000')).toEqual(['JOHN SMITH', '张三', '李四', '钱七'].sort());
      expect(await names('view=score&company=bobco')).toEqual(['JOHN SMITH', '张三', '张三'].sort());
      expect(await names('view=score&examstatus=0')).toEqual(['孙八']);
      expect(await names('view=score&status=0')).toEqual(['李四']);
      expect(await names('view=score&status=-1')).toEqual(['王五']);
      expect(await names('view=score&start=2024-06-01')).toEqual(['张三']);
      expect(await names('view=score&start=2023-01-01&end=2023-12-31')).toEqual(['钱七']);
      expect(await names('view=cert&issuedate=2023-12-01')).toEqual(['钱七']);
      expect(await names('view=cert&issuedate=2023-12-02')).toEqual([]);
      expect(await names('view=score&name=%25')).toEqual([]);
      expect((await business<List<CertAdminDto>>(admin, 'GetCertList?view=score&pagesize=2&pageindex=2')).Data.List).toEqual(
        (await adminList('view=score')).List.slice(2, 4),
      );
      for (const bad of ['view=x', 'examstatus=3', 'status=2', 'start=2024-13-01', 'issuedate=昨天'])
        expect((await business(admin, `GetCertList?${bad}`)).Code, bad).toBe(400);
    });

    it('EditCertStatus hides and shows records; hidden ones vanish from the public lookup at once', async () => {
      expect(await business(admin, 'EditCertStatus', { Ids: [ids.zhang], Status: 0 })).toEqual({ Code: 200, Message: '操作成功', Data: 1 });
      expect((await lookup({ Name: '张三', IdNum: idNumber(1) })).Data.TotalCount).toBe(0);
      expect(await download({ IdNum: idNumber(1), CertId: ids.zhang })).toEqual(REFUSED);
      expect((await business(admin, 'EditCertStatus', { Ids: `${ids.zhang},${ids.li}`, Status: 1 })).Data).toBe(2);
      expect((await lookup({ Name: '李四', IdNum: idNumber(3) })).Data.TotalCount).toBe(1);
      // A deleted record stays deleted; a record outside the view is not touched.
      expect((await business(admin, 'EditCertStatus', { Ids: [ids.wang], Status: 1, View: 'score' })).Data).toBe(0);
      expect((await business(admin, 'EditCertStatus', { Ids: [ids.sun], Status: 0, View: 'cert' })).Data).toBe(0);
      expect(await business(admin, 'EditCertStatus', { Ids: [ids.sun], Status: -1 })).toEqual({
        Code: 400,
        Message: '状态只能是0（官网隐藏）或1（正常）',
        Data: null,
      });
    });

    it('DelCerts marks records deleted, keeps them for the audit trail and logs who did it', async () => {
      expect(await business(admin, 'DelCerts', { Ids: [] })).toEqual({ Code: 400, Message: '请选择要操作的记录', Data: null });
      expect((await business(admin, 'DelCerts', { Ids: [ids.sun], View: 'cert' })).Data).toBe(0);
      expect((await business(admin, 'DelCerts', { Ids: [ids.sun, ids.wang], View: 'score' })).Data).toBe(1);
      expect((await adminList('view=score&status=-1')).List.map((r) => r._name).sort()).toEqual(['孙八', '王五'].sort());
      expect(await business(admin, `GetCertModel?CertId=${ids.sun}&view=score`)).toEqual({ Code: 404, Message: '证书不存在', Data: null });
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['action', 'detail', 'target'])
        .where('action', '=', 'cert:score:delete')
        .execute();
      expect(audit).toEqual([
        { action: 'cert:score:delete', target: '证书', detail: `删除1条：${ids.wang}` },
        { action: 'cert:score:delete', target: '证书', detail: `删除1条：${ids.sun},${ids.wang}` },
      ]);
      // A deleted record's number may be entered again correctly.
      expect((await business(admin, 'EditCertInfo', certBody({ _name: '王五', _idNum: idNumber(4), _certNum: 'GCFX-2024-0003' }))).Code).toBe(200);
    });

    it('refuses admins without the page’s permission (403) and callers without an admin session (402)', async () => {
      const calls: [call: string, payload?: Record<string, unknown>][] = [
        ['GetCertList'],
        [`GetCertModel?CertId=${ids.zhang}`],
        ['EditCertInfo', certBody({ _idNum: idNumber(30), _certNum: 'GCFX-2024-0300' })],
        ['DelCerts', { Ids: [ids.zhang] }],
        ['EditCertStatus', { Ids: [ids.zhang], Status: 0 }],
        [`DownCerts?Ids=${ids.zhang}`],
        [`GetCertImage?CertId=${ids.zhang}`],
        ['GetCertTemplate'],
        ['ExportCerts'],
      ];
      for (const [call, payload] of calls) {
        expect(await business(editor, call, payload), call).toEqual(FORBIDDEN);
        expect(await business(undefined, call, payload), call).toEqual(ADMIN_SESSION);
        expect(await business(alice, call, payload), call).toEqual(ADMIN_SESSION);
      }
      // 考试成绩 only: its own list, not 证书列表's nor any write.
      expect((await business(scorer, 'GetCertList?view=score')).Code).toBe(200);
      expect((await business(scorer, `GetCertModel?CertId=${ids.zhang}&view=score`)).Code).toBe(200);
      expect(await business(scorer, 'GetCertList?view=cert')).toEqual(FORBIDDEN);
      expect(await business(scorer, 'GetCertList')).toEqual(FORBIDDEN);
      expect(await business(scorer, 'EditCertInfo', certBody({ View: 'score' }))).toEqual(FORBIDDEN);
      expect(await business(scorer, 'DelCerts', { Ids: [ids.zhang], View: 'score' })).toEqual(FORBIDDEN);
      expect((await adminList(`view=score&name=张三`)).TotalCount).toBe(3);
    });
  });
});
