import { expect } from 'vitest';
import { idCheckCharacter } from '@portal/shared';
import { adminCall } from './admin.js';
import { envelope, type TestApp } from './harness.js';

/** Certificates from API tests: valid ID numbers, records saved through EditCertInfo, public lookups. */

/** A valid mainland ID number (born 1990-03-07 in Beijing's 东城区) whose order code is `serial`. */
export function idNumber(serial: number, birth = '19900307'): string {
  const first17 = `110101${birth}${String(serial).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
}

/** An EditCertInfo body for a passed result, with the given changes. */
export function certBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _certId: 0,
    _name: '张三',
    _idNum: idNumber(1),
    _company: '示例建设工程有限公司',
    _examTime: '2024-05-12',
    _examStatus: 1,
    _certNum: 'GCFX-2024-0001',
    _issueDate: '2024-06-01',
    _remarks: '',
    ...overrides,
  };
}

/** Saves a record through EditCertInfo; answers its id, failing the test if refused. */
export async function saveCert(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const saved = await adminCall<number>(t, token, 'POST', '/api/XfSysBussiness/EditCertInfo', certBody(overrides));
  expect(saved.Code, saved.Message).toBe(200);
  return saved.Data;
}

/** A public certificate call from a client address, with a member token when given. */
export async function certCall<T = unknown>(t: TestApp, call: string, query: Record<string, string | number>, address: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/XfWebApi/${call}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { 'x-forwarded-for': address, ...(token ? { token } : {}) },
  });
  return envelope<T>(res);
}

/** The file names of a zip, read from its central directory, with whether each is flagged UTF-8. */
export function zipEntries(zip: Buffer): { name: string; utf8: boolean; size: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const entries: { name: string; utf8: boolean; size: number }[] = [];
  for (let at = zip.readUInt32LE(end + 16), i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      utf8: (zip.readUInt16LE(at + 8) & 0x800) !== 0,
      size: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
