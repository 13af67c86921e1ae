import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { IdNumberKey, IdNumberKeyRing } from './id-number-keys.js';
import type { DB } from './schema.js';

/**
 * ID_NUMBER_CIPHER: `aes` (AES-256-GCM, the default) or `sm4` (国密: SM4-CTR with HMAC-SM3,
 * encrypt-then-MAC, since Node's OpenSSL has no SM4-GCM; the lookup index is HMAC-SM3 too).
 */
export type IdNumberCipher = 'aes' | 'sm4';

/** What a sealed ID number takes in a row (the certificates table). */
export interface SealedIdNumber {
  /** base64 of nonce, ciphertext and tag. */
  id_num_sealed: string;
  /** The keyed hash the lookups search by: equal numbers, equal indexes, under one key. */
  id_num_index: string;
  /** `cipher:key id`: what opens it, and what a rotation has still to re-seal. */
  id_num_key: string;
}

interface Keys {
  encrypt: Buffer;
  mac: Buffer;
  index: Buffer;
}

interface Suite {
  hash: 'sha256' | 'sm3';
  encryptLength: number;
  seal(keys: Keys, label: string, plain: Buffer): Buffer;
  /** The plain text, or null when the blob was not sealed by these keys and this label. */
  open(keys: Keys, label: string, blob: Buffer): Buffer | null;
}

const GCM_NONCE = 12;
const GCM_TAG = 16;
const CTR_IV = 16;
const SM3_MAC = 32;

const suites: Record<IdNumberCipher, Suite> = {
  aes: {
    hash: 'sha256',
    encryptLength: 32,
    seal(keys, label, plain) {
      const nonce = randomBytes(GCM_NONCE);
      const cipher = createCipheriv('aes-256-gcm', keys.encrypt, nonce).setAAD(Buffer.from(label));
      return Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    },
    open(keys, label, blob) {
      if (blob.length < GCM_NONCE + GCM_TAG) return null;
      const decipher = createDecipheriv('aes-256-gcm', keys.encrypt, blob.subarray(0, GCM_NONCE)).setAAD(Buffer.from(label));
      decipher.setAuthTag(blob.subarray(blob.length - GCM_TAG));
      try {
        return Buffer.concat([decipher.update(blob.subarray(GCM_NONCE, blob.length - GCM_TAG)), decipher.final()]);
      } catch {
        return null;
      }
    },
  },
  sm4: {
    hash: 'sm3',
    encryptLength: 16,
    seal(keys, label, plain) {
      const iv = randomBytes(CTR_IV);
      const cipher = createCipheriv('sm4-ctr', keys.encrypt, iv);
      const body = Buffer.concat([iv, cipher.update(plain), cipher.final()]);
      return Buffer.concat([body, sm3Mac(keys.mac, label, body)]);
    },
    open(keys, label, blob) {
      if (blob.length < CTR_IV + SM3_MAC) return null;
      const body = blob.subarray(0, blob.length - SM3_MAC);
      if (!timingSafeEqual(sm3Mac(keys.mac, label, body), blob.subarray(body.length))) return null;
      const decipher = createDecipheriv('sm4-ctr', keys.encrypt, body.subarray(0, CTR_IV));
      return Buffer.concat([decipher.update(body.subarray(CTR_IV)), decipher.final()]);
    },
  },
};

const sm3Mac = (key: Buffer, label: string, body: Buffer) => createHmac('sm3', key).update(label).update('\0').update(body).digest();

const derive = (suite: Suite, secret: Buffer, purpose: string, length: number) =>
  Buffer.from(hkdfSync(suite.hash, secret, 'portal', `id-number ${purpose}`, length));

/** The label a value sealed by `key` under `cipher` carries (id_num_key). */
const labelOf = (cipher: IdNumberCipher, key: IdNumberKey) => `${cipher}:${key.id}`;

function parseLabel(label: string): { cipher: IdNumberCipher; keyId: string } | null {
  const [cipher, keyId] = label.split(':');
  return (cipher === 'aes' || cipher === 'sm4') && keyId ? { cipher, keyId } : null;
}

/** Thrown for a value no key of the ring opens: the server never answers with garbage or the sealed text. */
export class IdNumberSealBroken extends Error {}

/**
 * ID numbers sealed at rest (issue 58, PIPL art. 28 and 51): encrypted with authentication
 * under the key ring's first key, found by a keyed hash (no ID number is ever searched in the
 * clear), opened only to be masked or shown to staff allowed to see them.
 */
export class IdNumberSeal {
  private readonly derived = new Map<string, Keys>();
  /** The ciphers whose values the database holds, read at the start (`check`); the current one always. */
  private ciphersInUse: IdNumberCipher[];

  constructor(
    readonly ring: IdNumberKeyRing,
    readonly cipher: IdNumberCipher = 'aes',
  ) {
    this.ciphersInUse = [cipher];
  }

  /** The label new values get; a rotation re-seals every row with another. */
  currentLabel(): string {
    return labelOf(this.cipher, this.current());
  }

  seal(idNum: string): SealedIdNumber {
    const key = this.current();
    const label = labelOf(this.cipher, key);
    const keys = this.keys(this.cipher, key);
    return {
      id_num_sealed: suites[this.cipher].seal(keys, label, Buffer.from(idNum, 'utf8')).toString('base64'),
      id_num_index: this.index(this.cipher, keys, idNum),
      id_num_key: label,
    };
  }

  open(sealed: string, label: string): string {
    const parsed = parseLabel(label);
    const key = parsed && this.ring.find(parsed.keyId);
    if (!parsed || !key) throw new IdNumberSealBroken(`证件号码的密钥 ${label} 不在 ${this.ring.source} 中`);
    const plain = suites[parsed.cipher].open(this.keys(parsed.cipher, key), label, Buffer.from(sealed, 'base64'));
    if (!plain) throw new IdNumberSealBroken(`证件号码密文校验失败（密钥 ${label}）：数据被改动，或密钥不符`);
    return plain.toString('utf8');
  }

  /**
   * The indexes `idNum` may be stored under: one per key and cipher in use (one, except while a
   * rotation is under way), so a lookup finds rows not re-sealed yet.
   */
  lookupIndexes(idNum: string): string[] {
    return this.ciphersInUse.flatMap((cipher) => this.ring.keys().map((key) => this.index(cipher, this.keys(cipher, key), idNum)));
  }

  /**
   * At the start: every key the rows name must be in the ring, and keys must not be made anew
   * for a database that already holds sealed numbers. Refuses with one line otherwise.
   */
  async check(db: Kysely<DB>): Promise<void> {
    const rows = await db.selectFrom('certificates').select('id_num_key').distinct().execute();
    const labels = rows.map((r) => r.id_num_key).filter((l) => l !== '');
    if (labels.length > 0 && !this.ring.exists()) {
      throw new Error(`数据库中的证件号码已加密，但找不到密钥：请设置 ID_NUMBER_KEYS，或放回数据目录中的密钥文件 ${this.ring.source}`);
    }
    for (const label of labels) {
      const parsed = parseLabel(label);
      if (!parsed || !this.ring.find(parsed.keyId)) {
        throw new Error(`证件号码密钥不符：数据库中有以密钥 ${label} 加密的证件号码，${this.ring.source} 中没有这把密钥`);
      }
    }
    const others = labels.map((l) => parseLabel(l)?.cipher).filter((c): c is IdNumberCipher => c !== undefined && c !== this.cipher);
    this.ciphersInUse = [this.cipher, ...new Set(others)];
  }

  private current(): IdNumberKey {
    const key = this.ring.keys()[0];
    if (!key) throw new IdNumberSealBroken(`${this.ring.source} 中没有密钥`);
    return key;
  }

  private keys(cipher: IdNumberCipher, key: IdNumberKey): Keys {
    const name = labelOf(cipher, key);
    let keys = this.derived.get(name);
    if (!keys) {
      const suite = suites[cipher];
      keys = {
        encrypt: derive(suite, key.secret, 'encryption', suite.encryptLength),
        mac: derive(suite, key.secret, 'mac', 32),
        index: derive(suite, key.secret, 'index', 32),
      };
      this.derived.set(name, keys);
    }
    return keys;
  }

  private index(cipher: IdNumberCipher, keys: Keys, idNum: string): string {
    // 128 bits: no two numbers meet in practice, and the index stays small.
    return createHmac(suites[cipher].hash, keys.index).update(idNum, 'utf8').digest('hex').slice(0, 32);
  }
}
