import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { engines } from '../../test/harness.js';
import { databaseAt } from '../../test/migrated.js';
import type { Database } from './connection.js';
import { ID_NUMBER_KEY_FILE, idNumberKeyRing, keyId } from './id-number-keys.js';
import { migrate } from './migrate.js';
import { IdNumberSeal, IdNumberSealBroken } from './sealed-id-numbers.js';

const NUMBER = '11010519491231002X';
const ringOf = (...secrets: Buffer[]) => idNumberKeyRing({ dataDir: '/nonexistent', idNumberKeys: secrets });

describe('sealing an ID number', () => {
  const key = randomBytes(32);

  it.each(['aes', 'sm4'] as const)('with %s: opens to the number, a new nonce each time, the same index', (cipher) => {
    const seal = new IdNumberSeal(ringOf(key), cipher);
    const [a, b] = [seal.seal(NUMBER), seal.seal(NUMBER)];
    expect(a.id_num_key).toBe(`${cipher}:${keyId(key)}`);
    expect(a.id_num_sealed).not.toBe(b.id_num_sealed);
    expect(Buffer.from(a.id_num_sealed, 'base64').includes(NUMBER)).toBe(false);
    expect(a.id_num_index).toBe(b.id_num_index);
    expect(a.id_num_index).toMatch(/^[0-9a-f]{32}$/);
    expect(seal.open(a.id_num_sealed, a.id_num_key)).toBe(NUMBER);
    expect(seal.lookupIndexes(NUMBER)).toEqual([a.id_num_index]);
  });

  it.each(['aes', 'sm4'] as const)('with %s: refuses a changed byte, another label or another key, never answering garbage', (cipher) => {
    const seal = new IdNumberSeal(ringOf(key), cipher);
    const sealed = seal.seal(NUMBER);
    const blob = Buffer.from(sealed.id_num_sealed, 'base64');
    for (const at of [0, 14, blob.length - 1]) {
      const changed = Buffer.from(blob);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(() => seal.open(changed.toString('base64'), sealed.id_num_key)).toThrow(IdNumberSealBroken);
    }
    const other = cipher === 'aes' ? 'sm4' : 'aes';
    expect(() => seal.open(sealed.id_num_sealed, `${other}:${keyId(key)}`)).toThrow(IdNumberSealBroken);
    expect(() => new IdNumberSeal(ringOf(randomBytes(32)), cipher).open(sealed.id_num_sealed, sealed.id_num_key)).toThrow(/不在 ID_NUMBER_KEYS 中/);
  });

  it('keys the index by key and cipher, and looks up under every key of the ring', () => {
    const next = randomBytes(32);
    const before = new IdNumberSeal(ringOf(key)).seal(NUMBER);
    const during = new IdNumberSeal(ringOf(next, key));
    expect(during.seal(NUMBER).id_num_index).not.toBe(before.id_num_index);
    expect(new IdNumberSeal(ringOf(key), 'sm4').seal(NUMBER).id_num_index).not.toBe(before.id_num_index);
    expect(during.lookupIndexes(NUMBER)).toContain(before.id_num_index);
    expect(during.open(before.id_num_sealed, before.id_num_key)).toBe(NUMBER);
  });

  it('makes a key file once, owner-only, and reads keys added to it since', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    try {
      const ring = idNumberKeyRing({ dataDir });
      expect(ring.exists()).toBe(false);
      const [first] = ring.keys();
      const file = path.join(dataDir, ID_NUMBER_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const other = idNumberKeyRing({ dataDir });
      const added = other.addKey();
      expect(other.keys().map((k) => k.id)).toEqual([added, first?.id]);
      // The first ring learns of the new key when a value names it.
      expect(ring.find(added)?.id).toBe(added);
      fs.writeFileSync(file, 'not a key\n');
      expect(() => idNumberKeyRing({ dataDir }).keys()).toThrow(/每行须为一把 32 字节的十六进制密钥/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads ID_NUMBER_KEYS and ID_NUMBER_CIPHER, refusing what they cannot be', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    expect(loadConfig({ ID_NUMBER_KEYS: `${a.toString('hex')}, ${b.toString('base64')}` }).idNumberKeys).toEqual([a, b]);
    expect(loadConfig({}).idNumberKeys).toBeUndefined();
    expect(loadConfig({}).idNumberCipher).toBe('aes');
    expect(loadConfig({ ID_NUMBER_CIPHER: 'SM4' }).idNumberCipher).toBe('sm4');
    expect(() => loadConfig({ ID_NUMBER_KEYS: 'ab'.repeat(16) })).toThrow(/每把密钥须为 32 字节/);
    expect(() => loadConfig({ ID_NUMBER_CIPHER: 'des' })).toThrow(/ID_NUMBER_CIPHER must be aes/);
  });
});

describe.each(engines)('migration 063 on a %s site with exam results', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  const numbers = Array.from({ length: 1203 }, (_, i) => `110101199001${String(i).padStart(6, '0')}`);
  beforeAll(async () => {
    ({ database, close } = await databaseAt(engine, '062-address-groups'));
    for (let i = 0; i < numbers.length; i += 300) {
      const rows = numbers
        .slice(i, i + 300)
        .map((n, j) => sql`(${`考生${i + j}`}, ${n}, '2024-05-12', 1, ${`token-${i + j}`}, '2024-06-01 10:00:00', '2024-06-01 10:00:00')`);
      await sql`INSERT INTO certificates (name, id_num, exam_time, exam_status, verify_token, created_at, updated_at) VALUES ${sql.join(rows)}`.execute(
        database.db,
      );
    }
    await migrate(database);
  });
  afterAll(() => close());

  it('seals every number in place, drops the clear column and keeps the rules on the keyed hash', async () => {
    const rows = await database.db.selectFrom('certificates').selectAll().orderBy('id').execute();
    expect(rows.map((r) => database.idNumbers.open(r.id_num_sealed, r.id_num_key))).toEqual(numbers);
    expect(rows.every((r) => !('id_num' in r) && !r.id_num_sealed.includes(r.id_num_index))).toBe(true);
    const { id: _id, ...first } = rows[0]!;
    const again = { ...first, verify_token: 'another', ...database.idNumbers.seal(numbers[0] ?? '') };
    // One result per candidate and exam day, as before.
    await expect(database.db.insertInto('certificates').values(again).execute()).rejects.toThrow();
    await database.idNumbers.check(database.db);
  });
});
