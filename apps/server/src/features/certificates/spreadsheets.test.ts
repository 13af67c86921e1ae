import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertAdminDto, CertImportError, CertModelDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { certBody, idNumber, saveCert, zipEntries } from '../../../test/certificates.js';
import { engines, envelope, type TestApp } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { pngSize } from '../../../test/png.js';

type List<T> = { List: T[]; TotalCount: number };
type Answer<T> = { Code: number; Message: string; Data: T };

const HEADERS = ['姓名', '身份证号', '工作单位', '考试时间', '考试结果', '证书编号', '发证日期', '备注', '证件类型'];

/** An .xlsx whose first sheet holds these rows (null: an empty cell). */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('成绩');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readWorkbook(file: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe.each(engines)('certificate spreadsheets and downloads on %s', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const business = <T = unknown>(call: string, payload?: Record<string, unknown>) =>
    adminCall<T>(t, admin, payload ? 'POST' : 'GET', `/api/XfSysBussiness/${call}`, payload);
  const count = async () =>
    (await business<List<CertAdminDto>>('GetCertList?view=score&status=-1')).Data.TotalCount +
    (await business<List<CertAdminDto>>('GetCertList?view=score')).Data.TotalCount;
  const upload = async <T>(content: Buffer, filename = '成绩.xlsx', size?: number) =>
    envelope<T>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/ImportCerts?view=score',
        headers: { token: admin, ...multipartHeaders },
        payload: multipartBody({ filename, content, size }),
      }),
    ) as Answer<T>;
  const download = (call: string) => t.app.inject({ method: 'GET', url: `/api/XfSysBussiness/${call}`, headers: { token: admin } });

  describe('ImportCerts', () => {
    it('imports every row of a valid sheet in one go: columns in any order, a title row, dates as text or as dates', async () => {
      const file = await workbook([
        ['2024年第一期工程质量风险管理工程师考试成绩'],
        ['序号', '考试结果', '* 姓名', '工作单位', '身份证号码', '考试时间（年-月-日）', '证书编号', '发证日期', '备注', '证件类型', '联系电话'],
        [1, '合格', '赵一', '示例建设工程有限公司', idNumber(41), new Date(Date.UTC(2024, 4, 12)), 'gcfx-2024-1001', '2024/6/1', null, null, '13800000000'],
        [2, '不合格', '钱二', null, idNumber(42), '2024-05-12', null, null, '补考', null],
        [3, 0, '孙三', null, idNumber(43), 45424, null, null, null, null],
        [],
        [4, 1, 'MARY LEE', null, 'k1234567', '2024年5月12日', 'GCFX-2024-1002', '20240601', null, '护照'],
        [5, '2', '李五', null, ` ${idNumber(44)} `, '2024.5.12', null, null, null, '居民身份证'],
      ]);
      expect(await upload(file)).toEqual({ Code: 200, Message: '成功导入5条', Data: { Imported: 5 } });
      const list = (await business<List<CertAdminDto>>('GetCertList?view=score&pagesize=100')).Data.List;
      const byName = new Map(list.map((r) => [r._name, r]));
      expect(byName.get('赵一')).toMatchObject({
        _examTime: '2024-05-12',
        _examStatus: 1,
        _certNum: 'GCFX-2024-1001',
        _issueDate: '2024-06-01',
        _company: '示例建设工程有限公司',
        _status: 1,
      });
      expect(byName.get('钱二')).toMatchObject({ _examStatus: 2, _certNum: '', _remarks: '补考' });
      expect(byName.get('孙三')).toMatchObject({ _examStatus: 0, _examTime: '2024-05-12' });
      expect(byName.get('MARY LEE')).toMatchObject({ _idType: 2, _idNum: 'K1****67', _issueDate: '2024-06-01' });
      expect(byName.get('李五')).toMatchObject({ _idType: 1, _examTime: '2024-05-12' });
      const audit = await t.app.services.database.db.selectFrom('audit_logs').select('detail').where('action', '=', 'cert:score:import').execute();
      expect(audit.map((a) => a.detail)).toEqual(['导入成绩.xlsx：5条']);
    });

    it('imports a sheet saved by LibreOffice Calc: shared strings, its own date cells and dates left as text', async () => {
      // Made from a CSV with `soffice --headless --infilter=CSV:44,34,76,1,2/2 --convert-to xlsx`
      // (UTF-8, 身份证号 as text); LibreOffice made 2024-05-12 real dates and left 2024/5/12 text.
      const file = await readFile(new URL('../../../test/fixtures/libreoffice-results.xlsx', import.meta.url));
      expect(await upload(file, '成绩（LibreOffice）.xlsx')).toEqual({ Code: 200, Message: '成功导入4条', Data: { Imported: 4 } });
      const byName = new Map((await business<List<CertAdminDto>>('GetCertList?view=score&company=有限公司&pagesize=100')).Data.List.map((r) => [r._name, r]));
      expect(byName.get('欧阳晓明')).toMatchObject({
        _examTime: '2024-05-12',
        _examStatus: 1,
        _certNum: 'LO-2024-0001',
        _issueDate: '2024-06-01',
        _idNum: '330106********301X',
      });
      expect(byName.get('韩雪')).toMatchObject({ _examTime: '2024-05-12', _examStatus: 2, _certNum: '', _remarks: '补考一次' });
      expect(byName.get('马骁')).toMatchObject({ _examStatus: 0, _company: '四川蜀安建设集团有限公司' });
      expect(byName.get('陈静怡')).toMatchObject({ _certNum: 'LO-2024-0002', _remarks: '第一期' });
    });

    it('imports nothing from a sheet with bad rows and reports each problem by row and column', async () => {
      const before = await count();
      const file = await workbook([
        HEADERS,
        [null, idNumber(61), null, '2024-05-12', '不合格'],
        ['周六', '110101199003074478', null, '2024-05-12', '不合格'],
        ['吴七', idNumber(63), null, '2024-13-01', '通过'],
        ['郑八', idNumber(64), null, '2024-05-12', '合格'],
        // An 18-digit number in a number cell: Excel keeps only its first 15 digits.
        ['王九', Number('110101199003074477'), null, '2024-05-12', '不合格'],
        ['冯十', 'P123', null, '2024-05-12', '缺考', null, null, null, '护照'],
        ['陈十一', idNumber(67), null, '2024-05-12', '不合格'],
      ]);
      const answer = await upload<{ Errors: CertImportError[] }>(file);
      expect(answer.Code).toBe(400);
      expect(answer.Data.Errors).toEqual([
        { Row: 2, Column: '姓名', Message: '请输入姓名' },
        { Row: 3, Column: '身份证号', Message: '身份证号码校验位不正确，请核对' },
        { Row: 4, Column: '考试时间', Message: '日期无效，应为yyyy-MM-dd（如2024-05-12）' },
        { Row: 4, Column: '考试结果', Message: '考试结果应为合格、不合格或缺考（或1、2、0）' },
        { Row: 5, Column: '证书编号', Message: '考试合格的记录须填写证书编号' },
        { Row: 5, Column: '发证日期', Message: '考试合格的记录须填写发证日期' },
        { Row: 6, Column: '身份证号', Message: '身份证号被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写' },
        { Row: 7, Column: '身份证号', Message: '证件号码应为5-20位字母或数字' },
      ]);
      expect(answer.Message).toBe('导入失败：共8处错误，请修改后重新导入（未导入任何记录）');
      expect(await count()).toBe(before);
    });

    it('refuses certificate numbers and results repeated in the file or already recorded', async () => {
      const before = await count();
      const file = await workbook([
        HEADERS,
        ['甲', idNumber(71), null, '2024-05-12', '合格', 'GCFX-2024-2001', '2024-06-01'],
        ['乙', idNumber(72), null, '2024-05-12', '合格', 'gcfx-2024-2001', '2024-06-01'],
        ['甲', idNumber(71), null, '2024-05-12', '不合格'],
        ['丙', idNumber(73), null, '2024-05-12', '合格', 'GCFX-2024-1001', '2024-06-01'],
        ['赵一', idNumber(41), null, '2024-05-12', '不合格'],
        ['丁', idNumber(74), null, '2024-05-12', '不合格'],
      ]);
      const answer = await upload<{ Errors: CertImportError[] }>(file);
      expect(answer.Data.Errors).toEqual([
        { Row: 3, Column: '证书编号', Message: '与第2行的证书编号重复' },
        { Row: 4, Column: '身份证号', Message: '与第2行为同一考生同一考试时间' },
        { Row: 5, Column: '证书编号', Message: '证书编号已存在' },
        { Row: 6, Column: '身份证号', Message: '该考生在此考试时间已有成绩' },
      ]);
      expect(await count()).toBe(before);
    });

    // The two files name the same numbers in opposite orders: inserted side by side, each would
    // wait on a row the other holds, and PostgreSQL would end one as a deadlock without a row to show.
    it('two imports of the same numbers at once: one wins, the other fails whole with 证书编号已存在 on its rows', async () => {
      const before = await count();
      const passed = (n: number) => [`并发${n}`, idNumber(50 + n), null, '2024-05-12', '合格', `RACE-${n}`, '2024-06-01'];
      const answers = await Promise.all([
        upload<{ Errors: CertImportError[] }>(await workbook([HEADERS, passed(1), passed(2)])),
        upload<{ Errors: CertImportError[] }>(await workbook([HEADERS, passed(3), passed(2), passed(1)])),
      ]);
      const won = answers.filter((a) => a.Code === 200);
      const lost = answers.filter((a) => a.Code !== 200);
      expect(won).toHaveLength(1);
      expect(lost[0]?.Message).toBe('导入失败：共4处错误，请修改后重新导入（未导入任何记录）');
      const firstWon = won[0] === answers[0];
      // Each taken row is the same number and the same candidate's result of the same day.
      expect(lost[0]?.Data.Errors).toEqual(
        (firstWon ? [3, 4] : [2, 3]).flatMap((Row) => [
          { Row, Column: '证书编号', Message: '证书编号已存在' },
          { Row, Column: '身份证号', Message: '该考生在此考试时间已有成绩' },
        ]),
      );
      expect(await count()).toBe(before + (firstWon ? 2 : 3));
    });

    it('refuses sheets without the required columns, files that are not .xlsx, and empty or oversized ones', async () => {
      expect(
        (
          await upload<{ Errors: CertImportError[] }>(
            await workbook([
              ['姓名', '工作单位'],
              ['张三', '某单位'],
            ]),
          )
        ).Data.Errors,
      ).toEqual([
        { Row: 1, Column: '身份证号', Message: '缺少此列' },
        { Row: 1, Column: '考试时间', Message: '缺少此列' },
        { Row: 1, Column: '考试结果', Message: '缺少此列' },
      ]);
      const missingNames = await upload<{ Errors: CertImportError[] }>(await workbook([['身份证号'], [idNumber(1)]]));
      expect(missingNames.Data.Errors.map((e) => e.Column)).toEqual(['姓名', '身份证号', '考试时间', '考试结果']);
      const refused = (message: string) => ({ Code: 400, Message: message, Data: null });
      expect(await upload(await workbook([HEADERS]))).toEqual(refused('文件中没有可导入的数据'));
      expect(await upload(await workbook([HEADERS]), '成绩.xls')).toEqual(refused('请上传.xlsx格式的Excel文件'));
      expect(await upload(Buffer.from('姓名,身份证号\n'), '成绩.xlsx')).toEqual(refused('请上传.xlsx格式的Excel文件'));
      expect(await upload(Buffer.from('PK\u0003\u0004 not really a workbook'), '成绩.xlsx')).toEqual(refused('无法读取该文件，请使用导入模板填写后上传'));
      expect(await upload(Buffer.from('PK\u0003\u0004'), '成绩.xlsx', 10 * 1024 * 1024 + 1)).toEqual(refused('文件不得大于10MB'));
      const noFile = await t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/ImportCerts',
        headers: { token: admin, ...multipartHeaders },
        payload: multipartBody(undefined, { note: 'x' }),
      });
      expect(envelope(noFile)).toEqual(refused('请选择要上传的文件'));
    });

    // How fast is bench/certificates.ts's to say; here, that 5,000 rows go in whole.
    it('imports 5,000 rows in one transaction', async () => {
      const rows: unknown[][] = [HEADERS];
      for (let i = 0; i < 5000; i++) {
        const passed = i % 5 !== 0;
        rows.push([
          `考生${i}`,
          idNumber(i % 1000, `198${Math.floor(i / 1000)}0101`),
          `单位${i % 37}`,
          '2024-10-20',
          passed ? '合格' : '不合格',
          passed ? `BULK-${i}` : null,
          passed ? '2024-11-01' : null,
        ]);
      }
      const file = await workbook(rows);
      expect((await upload(file)).Data).toEqual({ Imported: 5000 });
      expect((await business<List<CertAdminDto>>('GetCertList?view=cert&start=2024-10-20&end=2024-10-20')).Data.TotalCount).toBe(4000);
    });
  });

  describe('GetCertTemplate', () => {
    it('serves 导入模板.xlsx with the importer’s columns, their notes and an example row the importer skips', async () => {
      const res = await download('GetCertTemplate');
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent('导入模板.xlsx')}`);
      const sheet = await readWorkbook(res.rawPayload);
      expect(rowValues(sheet, 1)).toEqual(HEADERS);
      expect(String(sheet.getRow(1).getCell(2).note)).toContain('18位');
      expect(rowValues(sheet, 2).slice(0, 3)).toEqual(['张三', '11010519491231002X', '示例建设工程有限公司']);
      // As it comes, the template holds no record; with a row added, that row is imported.
      expect((await upload(res.rawPayload, '导入模板.xlsx')).Message).toBe('文件中没有可导入的数据');
      sheet.addRow(['模板填写', idNumber(81), null, '2024-05-12', '缺考']);
      const filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
      expect((await upload(filled, '导入模板.xlsx')).Data).toEqual({ Imported: 1 });
    });
  });

  describe('ExportCerts', () => {
    it('streams the current search as .xlsx in the import columns, whole ID numbers included', async () => {
      const res = await download('ExportCerts?view=score&name=赵一');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('考试成绩.xlsx'));
      const sheet = await readWorkbook(res.rawPayload);
      expect(rowValues(sheet, 1)).toEqual([...HEADERS, '状态']);
      expect(rowValues(sheet, 2)).toEqual([
        '赵一',
        idNumber(41),
        '示例建设工程有限公司',
        '2024-05-12',
        '合格',
        'GCFX-2024-1001',
        '2024-06-01',
        undefined,
        '居民身份证',
        '正常',
      ]);
      expect(sheet.rowCount).toBe(2);
      const all = await readWorkbook((await download('ExportCerts?view=cert')).rawPayload);
      expect(all.rowCount - 1).toBe((await business<List<CertAdminDto>>('GetCertList?view=cert')).Data.TotalCount);
      // What was exported imports again once the records are gone.
      expect(
        (await business('DelCerts', { Ids: [(await business<List<CertAdminDto>>('GetCertList?view=score&name=赵一')).Data.List[0]?._certId], View: 'score' }))
          .Data,
      ).toBe(1);
      expect((await upload(res.rawPayload)).Data).toEqual({ Imported: 1 });
    });
  });

  describe('DownCerts', () => {
    it('streams a zip of the selected certificates’ PNGs named after holder and number', async () => {
      const a = await saveCert(t, admin, certBody({ _name: '林一', _idNum: idNumber(91), _certNum: 'ZIP-001' }));
      const b = await saveCert(
        t,
        admin,
        certBody({ _name: '林二', _idNum: idNumber(92), _certNum: 'ZIP/002', _examTime: '2024-05-13', _issueDate: '2024-06-02' }),
      );
      const failed = await saveCert(t, admin, certBody({ _name: '林三', _idNum: idNumber(93), _examStatus: 2, _certNum: '', _issueDate: '', View: 'score' }));
      const res = await download(`DownCerts?Ids=${a},${b},${failed}`);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('证书.zip'));
      const entries = zipEntries(res.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['林二_ZIP_002.png', '林一_ZIP-001.png']);
      expect(entries.every((e) => e.utf8 && e.size > 10_000)).toBe(true);
      // Stored, not deflated: each entry is a whole PNG of the certificate's size.
      const first = res.rawPayload.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(pngSize(res.rawPayload.subarray(first))).toEqual({ width: 1600, height: 1131 });
      expect(envelope(await download(`DownCerts?Ids=${failed}`))).toEqual({ Code: 404, Message: '证书不存在', Data: null });
      expect(envelope(await download('DownCerts'))).toMatchObject({ Code: 400 });
      const model = (await business<CertModelDto>(`GetCertModel?CertId=${a}`)).Data;
      expect(model._verifyUrl).toMatch(/\/cert\/verify\//);
    });

    it('GetCertImage answers one certificate as a PNG, hidden ones included, and refuses results without a certificate', async () => {
      const id = await saveCert(t, admin, certBody({ _name: '林四', _idNum: idNumber(94), _certNum: 'IMG-001', _status: 0 }));
      const res = await download(`GetCertImage?CertId=${id}`);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('林四_IMG-001.png'));
      expect(pngSize(res.rawPayload)).toEqual({ width: 1600, height: 1131 });
      const failed = await saveCert(t, admin, certBody({ _name: '林五', _idNum: idNumber(95), _examStatus: 2, _certNum: '', _issueDate: '', View: 'score' }));
      expect(envelope(await download(`GetCertImage?CertId=${failed}`))).toEqual({ Code: 404, Message: '证书不存在', Data: null });
      expect(envelope(await download('GetCertImage?CertId=x'))).toMatchObject({ Code: 400 });
      const audit = await t.app.services.database.db
        .selectFrom('audit_logs')
        .select(['target_id', 'result'])
        .where('action', '=', 'cert:download')
        .where('detail', '=', `下载1份：${id}`)
        .execute();
      expect(audit).toEqual([{ target_id: String(id), result: 1 }]);
    });
  });
});
