import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keyBytes, writeKeyFileOnce } from './key-files.js';

/** Where the keys go when ID_NUMBER_KEYS is not set: one key per line as hex, the first seals. */
export const ID_NUMBER_KEY_FILE = 'id-number.keys';

/** A key of the ring and the short id sealed values name it by. */
export interface IdNumberKey {
  id: string;
  secret: Buffer;
}

/**
 * The keys that seal ID numbers (sealed-id-numbers.ts), kept outside the database: one who can
 * read a copy of the database, but not this file or the environment, reads no ID number. The
 * first key seals; the others only open what they sealed before a rotation (docs/privacy.md).
 */
export interface IdNumberKeyRing {
  /** Where the keys come from, for messages: `ID_NUMBER_KEYS` or the key file's path. */
  readonly source: string;
  /** Whether keys exist without making any (the start refuses sealed data without them). */
  exists(): boolean;
  /** The keys, the sealing one first; a key file is made (one new key) when there is none. */
  keys(): IdNumberKey[];
  /** Reads the keys again when `id` is unknown: a rotation may have added one since the start. */
  find(id: string): IdNumberKey | undefined;
  /** Puts a new key first (the key file only); answers its id. */
  addKey(): string;
}

/** A key's id: not secret, and telling nothing of the key (a hash of it, cut short). */
export const keyId = (secret: Buffer) => createHash('sha256').update('portal id-number key').update(secret).digest('hex').slice(0, 8);

const withIds = (secrets: Buffer[]): IdNumberKey[] => secrets.map((secret) => ({ id: keyId(secret), secret }));

/** ID_NUMBER_KEYS when set (config.ts parsed it), else the data folder's key file. */
export function idNumberKeyRing(opts: { dataDir: string; idNumberKeys?: Buffer[] }): IdNumberKeyRing {
  return opts.idNumberKeys ? environmentRing(withIds(opts.idNumberKeys)) : fileRing(path.join(opts.dataDir, ID_NUMBER_KEY_FILE));
}

function environmentRing(keys: IdNumberKey[]): IdNumberKeyRing {
  return {
    source: 'ID_NUMBER_KEYS',
    exists: () => true,
    keys: () => keys,
    find: (id) => keys.find((k) => k.id === id),
    addKey: () => {
      throw new Error('ID_NUMBER_KEYS 由环境变量提供：请把新密钥写在 ID_NUMBER_KEYS 最前面（逗号分隔，旧密钥保留在后），重启后再运行 id-numbers reseal');
    },
  };
}

function fileRing(file: string): IdNumberKeyRing {
  let keys: IdNumberKey[] | undefined;
  const read = () => (keys = withIds(readKeyFile(file)));
  return {
    source: file,
    exists: () => fs.existsSync(file),
    keys: () => keys ?? (writeKeyFileOnce(file, `${randomBytes(32).toString('hex')}\n`), read()),
    find: (id) => (keys ?? read()).find((k) => k.id === id) ?? read().find((k) => k.id === id),
    addKey() {
      const secret = randomBytes(32);
      const kept = fs.existsSync(file) ? readKeyFile(file) : [];
      // Written beside and renamed over: a crash leaves the old file or the new one, never half.
      const next = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(next, [secret, ...kept].map((k) => `${k.toString('hex')}\n`).join(''), { mode: 0o600 });
      fs.renameSync(next, file);
      read();
      return keyId(secret);
    },
  };
}

function readKeyFile(file: string): Buffer[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const secrets = lines.map((line) => Buffer.from(line, 'hex'));
  if (secrets.length === 0 || secrets.some((s, i) => s.length !== 32 || s.toString('hex') !== lines[i]?.toLowerCase())) {
    throw new Error(`${file} 中每行须为一把 32 字节的十六进制密钥（64 位）`);
  }
  return secrets;
}

/** ID_NUMBER_KEYS: keys of 32 bytes, hex or base64, separated by commas; the first seals. */
export function parseIdNumberKeys(raw: string | undefined): Buffer[] | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  return value.split(',').map((part) => {
    const key = keyBytes(part.trim());
    if (key.length !== 32) throw new Error('ID_NUMBER_KEYS 中每把密钥须为 32 字节（64 位十六进制或 base64），多把以逗号分隔');
    return key;
  });
}
