import type { Kysely, Selectable } from 'kysely';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { formatCst } from '@portal/shared';
import type { CredentialKeysTable, DB } from '../../db/schema.js';

/**
 * The association's signing keys (table credential_keys), kept in the database so that every
 * instance signs with the same key and a backup carries them (docs/decisions.md).
 *
 * Credentials are signed with RS256, the algorithm Open Badges 3.0 requires every verifier to
 * support, with the newest RSA key; the first is made on first use. Rotating adds a newer one.
 * No key is ever removed: each stays in the published key set, so what it signed keeps
 * verifying. That includes the Ed25519 key credentials were signed with before RS256.
 */

type Db = Kysely<DB>;
export type KeyRow = Selectable<CredentialKeysTable>;

/** The algorithm new credentials are signed with. */
export const SIGNING_ALG = 'RS256';
/** NIST's minimum for RSA beyond 2030 is 3072 bits; 2048 is what OB 3.0's examples use and is good until then. Rotate to move on. */
const RSA_BITS = 2048;

/** The key set (RFC 7517), at the place OB 3.0's key provenance check looks for it. */
export const JWKS_PATH = '/.well-known/jwks.json';
/** Each key alone, at <base>/credentials/keys/<thumbprint>: the `kid` of what it signs. */
export const KEY_PATH = '/credentials/keys';

/**
 * The `kid` a key is named by: the address that answers it, as OB 3.0 asks. The Ed25519 key
 * keeps the bare thumbprint the credentials it signed carry, so that a key set lookup by kid
 * still finds it for them.
 */
export const kidOf = (base: string, key: Pick<KeyRow, 'kid' | 'alg'>) => (key.alg === 'EdDSA' ? key.kid : `${base}${KEY_PATH}/${key.kid}`);

/** The thumbprint a kid names, in either form. */
export const thumbprintOf = (kid: string) => kid.slice(kid.lastIndexOf('/') + 1);

const newestSigningKey = (db: Db) =>
  db.selectFrom('credential_keys').selectAll().where('alg', '=', SIGNING_ALG).orderBy('id', 'desc').limit(1).executeTakeFirst();

/**
 * Adds a new RSA key, which signs from then on. Rows are numbered one past the newest: of
 * several instances adding the first key at once, the first insert stays and the others'
 * insert nothing, so all of them then read the same newest key.
 */
export async function addSigningKey(db: Db, now: number): Promise<KeyRow> {
  const pair = await generateKeyPair(SIGNING_ALG, { modulusLength: RSA_BITS, extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const newest = await db
    .selectFrom('credential_keys')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db
    .insertInto('credential_keys')
    .values({
      id: Number(newest?.id ?? 0) + 1,
      kid: await calculateJwkThumbprint(publicJwk),
      alg: SIGNING_ALG,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
      created_at: formatCst(now),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const key = await newestSigningKey(db);
  if (!key) throw new Error('no credential signing key after adding one');
  return key;
}

const currentKey = async (db: Db, now: number) => (await newestSigningKey(db)) ?? (await addSigningKey(db, now));

/** Private keys imported once each, by thumbprint (unique to a key). */
const imported = new Map<string, Promise<CryptoKey>>();

/**
 * The key that signs now: read from the database at each signing (one indexed row), so a
 * rotation made by the operator command applies at once on every instance.
 */
export async function signingKey(db: Db, now: number): Promise<{ key: KeyRow; privateKey: CryptoKey }> {
  const key = await currentKey(db, now);
  let privateKey = imported.get(key.kid);
  if (!privateKey) {
    privateKey = importJWK(JSON.parse(key.private_jwk) as JWK, key.alg) as Promise<CryptoKey>;
    imported.set(key.kid, privateKey);
  }
  return { key, privateKey: await privateKey };
}

/** Every key, oldest first; the signing key is made first when there is none yet, so the set is never empty. */
export async function allKeys(db: Db, now: number): Promise<KeyRow[]> {
  await currentKey(db, now);
  return db.selectFrom('credential_keys').selectAll().orderBy('id').execute();
}

/** The key of a thumbprint, if it is one of ours. */
export const keyByThumbprint = (db: Db, thumbprint: string) => db.selectFrom('credential_keys').selectAll().where('kid', '=', thumbprint).executeTakeFirst();

/**
 * A key's public half as published: its kid, algorithm and use, and `iss`, the issuer it
 * belongs to (the member OB 3.0's key provenance check compares with the credential's issuer).
 * Never the private part.
 */
export function publicJwk(base: string, issuerId: string, key: KeyRow): PublishedKey {
  return { ...(JSON.parse(key.public_jwk) as JWK), kid: kidOf(base, key), alg: key.alg as JWK['alg'], use: 'sig', iss: issuerId };
}

export type PublishedKey = JWK & { iss: string };
