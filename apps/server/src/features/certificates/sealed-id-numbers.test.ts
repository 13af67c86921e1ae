import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertAdminDto, CertModelDto } from '@portal/shared';
import { buildApp } from '../../app.js';
import { ID_NUMBER_KEY_FILE } from '../../db/id-number-keys.js';
import { resealAll, writeSealed } from '../../db/reseal-id-numbers.js';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../test/admin.js';
import { certCall, idNumber, saveCert } from '../../../test/certificates.js';
import { cliInProcess } from '../../../test/cli.js';
import { offeredAgain } from '../../../test/menu-offers.js';
import { engines, secondInstance, type TestApp } from '../../../test/harness.js';
import { roleWith } from '../../../test/review.js';
import { readSheet } from '../../../test/xlsx.js';

const HOLDER = idNumber(11);
const MASKED = `${HOLDER.slice(0, 6)}********${HOLDER.slice(14)}`;
const BUSINESS = '/api/XfSysBussiness';
type List<T> = { List: T[]; TotalCount: number };

/**
 * ID numbers at rest (issue 58): sealed in the database, masked in every answer but to staff
 * allowed to see them whole (each sight audited), keys checked at the start, and rotated.
 */
describe.each(engines)('ID numbers sealed at rest on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let seer: string;
  let certId: number;
  const model = (token: string) => adminCall<CertModelDto>(t, token, 'GET', `${BUSINESS}/GetCertModel?CertId=${certId}&view=cert`);
  const exported = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${BUSINESS}/ExportCerts?view=cert`, headers: { token } });
    return (await readSheet(res.rawPayload)).slice(1).map((row) => row[1]);
  };
  const audit = (action: string) => t.app.services.database.db.selectFrom('audit_logs').select('detail').where('action', '=', action).execute();

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    await roleWith(t, admin, '证书查看', ['cert:list', 'cert:edit', 'cert:export']);
    await roleWith(t, admin, '证书核对', ['cert:list', 'cert:export', 'cert:idnum']);
    await createAdmin(t, admin, 'viewer1', '证书查看');
    await createAdmin(t, admin, 'seer1', '证书核对');
    [viewer, seer] = [await loginAdmin(t, 'viewer1'), await loginAdmin(t, 'seer1')];
    certId = await saveCert(t, admin, { _idNum: HOLDER });
  });
  afterAll(() => t.close());

  it('keeps no ID number in the clear: not in the database file, not in a pg_dump', async () => {
    const { db } = t.app.services.database;
    const row = await db.selectFrom('certificates').selectAll().where('id', '=', certId).executeTakeFirstOrThrow();
    expect(row.id_num_key).toMatch(/^aes:[0-9a-f]{8}$/);
    expect(JSON.stringify(row)).not.toContain(HOLDER.slice(6, 14));
    if (engine === 'sqlite') {
      const files = fs.readdirSync(t.config.dataDir).filter((f) => f.startsWith('portal.db'));
      expect(files).toContain('portal.db');
      for (const file of files) expect(fs.readFileSync(path.join(t.config.dataDir, file)).includes(HOLDER), file).toBe(false);
    } else {
      const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', '--table=*.certificates', t.config.databaseUrl!], { maxBuffer: 64 << 20 });
      expect(stdout).toContain(row.id_num_sealed);
      expect(stdout).not.toContain(HOLDER);
    }
  });

  it('masks the number but for staff allowed to see it whole, and audits each such sight', async () => {
    const listed = await adminCall<List<CertAdminDto>>(t, seer, 'GET', `${BUSINESS}/GetCertList?view=cert`);
    expect(listed.Data.List.map((r) => r._idNum)).toEqual([MASKED]);
    expect((await model(viewer)).Data._idNum).toBe(MASKED);
    expect(await audit('cert:idnum')).toEqual([]);
    expect((await model(seer)).Data._idNum).toBe(HOLDER);
    expect(await audit('cert:idnum')).toEqual([{ detail: '查看证件号码：张三' }]);
    expect(await exported(viewer)).toEqual([MASKED]);
    expect(await exported(seer)).toEqual([HOLDER]);
    expect((await audit('cert:export')).map((r) => r.detail)).toEqual(['导出证书列表', '导出证书列表（含完整证件号码）']);
  });

  it('keeps the stored number when the masked one comes back, and stores no masked text', async () => {
    const edit = (token: string, body: Record<string, unknown>) =>
      adminCall(t, token, 'POST', `${BUSINESS}/EditCertInfo`, { _certId: certId, View: 'cert', ...body });
    const shown = (await model(viewer)).Data;
    expect((await edit(viewer, { ...shown, _remarks: '复核' })).Code).toBe(200);
    expect((await model(admin)).Data).toMatchObject({ _idNum: HOLDER, _remarks: '复核' });
    const other = `${HOLDER.slice(0, 6)}********9999`;
    expect(await edit(viewer, { ...shown, _idNum: other })).toMatchObject({ Code: 400, Message: '证件号码为打码显示，请填写完整号码' });
    const added = await adminCall(t, admin, 'POST', `${BUSINESS}/EditCertInfo`, { ...shown, _certId: 0, _certNum: 'GCFX-2024-0099' });
    expect(added).toMatchObject({ Code: 400, Message: '证件号码为打码显示，请填写完整号码' });
    expect((await model(admin)).Data._idNum).toBe(HOLDER);
  });

  it('offers 查看完整证件号码 under both pages, and to an install from before it', async () => {
    const { before, after } = await offeredAgain(t, 'cert:%idnum');
    expect(before.map((m) => m.perms)).toEqual(['cert:idnum', 'cert:score:idnum']);
    expect(after.map((m) => [m.perms, m.menu_type])).toEqual([
      ['cert:idnum', 3],
      ['cert:score:idnum', 3],
    ]);
  });

  it('finds the record by the whole number in the public lookup, in any letter case', async () => {
    const found = await certCall<List<unknown>>(t, 'GetCertList', { Name: '张三', IdNum: ` ${HOLDER.toLowerCase()} ` }, '10.63.0.1');
    expect(found.Data.TotalCount).toBe(1);
    expect((await certCall<List<unknown>>(t, 'GetCertList', { Name: '张三', IdNum: idNumber(12) }, '10.63.0.2')).Data.TotalCount).toBe(0);
  });

  it('answers 系统未知错误 for a value changed in the database, never garbage or the sealed text', async () => {
    const { db } = t.app.services.database;
    const { id_num_sealed: kept } = await db.selectFrom('certificates').select('id_num_sealed').where('id', '=', certId).executeTakeFirstOrThrow();
    const changed = Buffer.from(kept, 'base64');
    changed[13] = (changed[13] ?? 0) ^ 0x20;
    await db
      .updateTable('certificates')
      .set({ id_num_sealed: changed.toString('base64') })
      .where('id', '=', certId)
      .execute();
    const answer = await model(admin);
    expect(answer).toMatchObject({ Code: 500, Message: '系统未知错误，请反馈给管理员', Data: null });
    await db.updateTable('certificates').set({ id_num_sealed: kept }).where('id', '=', certId).execute();
    expect((await model(admin)).Data._idNum).toBe(HOLDER);
  });

  it('refuses to start, in one line, with another key or none for the sealed numbers', async () => {
    const other = { ...t.config, idNumberKeys: [randomBytes(32)] };
    await expect(buildApp(other, { logger: false })).rejects.toThrow(
      /^证件号码密钥不符：数据库中有以密钥 aes:[0-9a-f]{8} 加密的证件号码，ID_NUMBER_KEYS 中没有这把密钥$/,
    );
    const file = path.join(t.config.dataDir, ID_NUMBER_KEY_FILE);
    fs.renameSync(file, `${file}.away`);
    try {
      await expect(buildApp(t.config, { logger: false })).rejects.toThrow(/^数据库中的证件号码已加密，但找不到密钥/);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
  });

  it('re-seals a row only if it still holds what was read: one the site changed meanwhile keeps the site’s value', async () => {
    const { database } = t.app.services;
    const id = await saveCert(t, admin, { _idNum: idNumber(31), _certNum: 'GCFX-2024-0131' });
    const read = await database.db.selectFrom('certificates').select('id_num_sealed').where('id', '=', id).executeTakeFirstOrThrow();
    const resealed = { id, ...database.idNumbers.seal(idNumber(31)) };
    expect(await writeSealed(database.db, [{ ...resealed, was: database.idNumbers.seal(idNumber(31)).id_num_sealed }])).toBe(0);
    expect(await writeSealed(database.db, [{ ...resealed, was: read.id_num_sealed }])).toBe(1);
    const now = await database.db.selectFrom('certificates').select('id_num_sealed').where('id', '=', id).executeTakeFirstOrThrow();
    expect(now.id_num_sealed).toBe(resealed.id_num_sealed);
  });

  it('rotates: a new key, old rows found meanwhile, re-sealed in batches that resume after a stop', async () => {
    for (const serial of [21, 22, 23, 24, 25]) await saveCert(t, admin, { _idNum: idNumber(serial), _certNum: `GCFX-2024-01${serial}` });
    const env = {
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema! } : {}),
    };
    const added = await cliInProcess(['id-numbers', 'new-key'], env);
    expect(added.code, added.stderr).toBe(0);
    // The restarted instance seals with the new key and still finds the rows of the old one.
    const restarted = await secondInstance(t);
    try {
      const found = await certCall<List<unknown>>(restarted, 'GetCertList', { Name: '张三', IdNum: HOLDER }, '10.63.0.3');
      expect(found.Data?.TotalCount, found.Message).toBe(1);
      const { database } = restarted.app.services;
      const labels = async () => (await database.db.selectFrom('certificates').select('id_num_key').execute()).map((r) => r.id_num_key);
      const [before] = new Set(await labels());
      const stop = new Error('stopped');
      await expect(
        resealAll(database, {
          batch: 2,
          onBatch: () => {
            throw stop;
          },
        }),
      ).rejects.toBe(stop);
      expect((await labels()).filter((l) => l !== before)).toHaveLength(2);
      const reseal = await cliInProcess(['id-numbers', 'reseal'], env);
      expect(reseal.stdout).toContain('重新加密 / re-sealed 5 条');
      expect(reseal.stdout).toContain('全部证件号码已使用当前密钥');
      expect(new Set(await labels())).toEqual(new Set([database.idNumbers.currentLabel()]));
      expect((await model(admin)).Data._idNum).toBe(HOLDER);
    } finally {
      await restarted.close();
    }
  });
});
