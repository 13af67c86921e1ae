import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { calculateJwkThumbprint, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { certProgramme, formatCst } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { oncePerDatabase } from '../../db/per-database.js';
import type { CertRecord } from './records.js';

/**
 * A certificate as an Open Badges 3.0 credential: a W3C Verifiable Credential (data model 2.0)
 * of type OpenBadgeCredential, secured as a JWT (OB 3.0 §8.2 "VC-JWT": the credential's
 * members are the payload, with iss/jti/nbf derived from issuer.id, id and validFrom), signed
 * with the association's Ed25519 key (EdDSA).
 *
 * The public half of the key is published at /.well-known/jwks.json, so anyone can check a
 * credential offline with any JOSE library; whether the certificate still stands (not hidden
 * or revoked since) is a question for the verification page, which knows the record.
 *
 * The holder is named in plain text (the certificate shows the name too); the ID number only
 * as a salted SHA-256 hash, so a holder can prove it without the credential disclosing it.
 */

export const OB3_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];
/** Where the public key is published, relative to the site's address. */
export const JWKS_PATH = '/.well-known/jwks.json';
/** The issuer's Open Badges profile, relative to the site's address. */
export const ISSUER_PATH = '/cert/issuer';
/** The achievement every certificate of the programme awards. */
export const ACHIEVEMENT_PATH = '/cert/achievement';
/** An uploaded credential is a JWT of a few kilobytes; anything much larger is not one of ours. */
export const CREDENTIAL_MAX_BYTES = 64 * 1024;

interface SigningKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

/**
 * The association's signing key, created on first use and read once per database handle.
 * Several instances starting at once may each generate one: the insert keeps the first, and
 * every instance then reads that one.
 */
export const signingKey = oncePerDatabase(loadOrCreateKey);

async function loadOrCreateKey(db: Kysely<DB>, now: () => number): Promise<SigningKey> {
  let row = await db.selectFrom('credential_keys').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    await db
      .insertInto('credential_keys')
      .values({
        id: 1,
        kid: await calculateJwkThumbprint(publicJwk),
        public_jwk: JSON.stringify(publicJwk),
        private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
        created_at: formatCst(now()),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await db.selectFrom('credential_keys').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  }
  const privateKey = await importJWK(JSON.parse(row.private_jwk) as JWK, 'EdDSA');
  return { kid: row.kid, publicJwk: JSON.parse(row.public_jwk) as JWK, privateKey: privateKey as CryptoKey };
}

/** The JSON Web Key Set verifiers fetch (RFC 7517), with the public key only. */
export async function publicKeySet(db: Kysely<DB>, now: () => number): Promise<{ keys: JWK[] }> {
  const { kid, publicJwk } = await signingKey(db, now);
  return { keys: [{ ...publicJwk, kid, alg: 'EdDSA', use: 'sig' }] };
}

/** The issuer's Open Badges Profile. */
export const issuerProfile = (base: string, issuer: string) => ({
  '@context': OB3_CONTEXT,
  id: base + ISSUER_PATH,
  type: ['Profile'],
  name: issuer,
  url: `${base}/home`,
});

/** The Achievement the programme's certificates award. */
export const achievement = (base: string, issuer: string) => ({
  '@context': OB3_CONTEXT,
  id: base + ACHIEVEMENT_PATH,
  type: ['Achievement'],
  name: certProgramme,
  description: `${issuer}${certProgramme}培训考核合格证书`,
  criteria: { narrative: `参加${issuer}组织的${certProgramme}培训并通过考核。` },
});

/** The record's ID number as an OB 3.0 IdentityHash: sha256$<hex of sha256(value + salt)>. */
export function identityHash(idNum: string, salt: string): string {
  return `sha256$${createHash('sha256').update(idNum + salt).digest('hex')}`;
}

/** A day (yyyy-MM-dd) at midnight China Standard Time, as an XML Schema dateTime. */
export const dayStart = (day: string) => `${day}T00:00:00+08:00`;

/** What every credential of the association carries: its id (a verification page), its issuer's profile and validity. */
interface SignedCredential {
  id: string;
  issuer: { id: string };
  validFrom: string;
  validUntil?: string;
  [member: string]: unknown;
}

/** Seconds since the epoch of an XML Schema dateTime. */
const seconds = (dateTime: string) => Math.floor(Date.parse(dateTime) / 1000);

/**
 * A credential as a VC-JWT signed with the association's key: its members are the payload,
 * iss, jti, nbf and exp derived from issuer.id, id, validFrom and validUntil.
 */
export async function signCredential(db: Kysely<DB>, now: () => number, credential: SignedCredential): Promise<string> {
  const { kid, privateKey } = await signingKey(db, now);
  const jwt = new SignJWT(credential).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid }).setIssuer(credential.issuer.id).setJti(credential.id).setNotBefore(seconds(credential.validFrom));
  if (credential.validUntil) jwt.setExpirationTime(seconds(credential.validUntil));
  return jwt.sign(privateKey);
}

/** The signed credential (a compact JWT) of a passed record, whose verification page is `verifyUrl`. */
export async function issueCredential(db: Kysely<DB>, now: () => number, r: CertRecord, site: { base: string; issuer: string; verifyUrl: string }): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const validFrom = dayStart(r.issueDate || r.examTime);
  const { '@context': _achievementContext, ...awarded } = achievement(site.base, site.issuer);
  const { '@context': _issuerContext, ...issuer } = issuerProfile(site.base, site.issuer);
  const credential = {
    '@context': OB3_CONTEXT,
    id: site.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${certProgramme}证书 ${r.certNum}`,
    description: `证书编号 ${r.certNum}，考试日期 ${r.examTime}，发证日期 ${r.issueDate}`,
    issuer,
    validFrom,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: r.name },
        { type: 'IdentityObject', identityType: 'nationalIdentityNumber', hashed: true, identityHash: identityHash(r.idNum, salt), salt },
      ],
      achievement: awarded,
    },
  };
  return signCredential(db, now, credential);
}

/** What checking an uploaded credential found. */
export type CredentialCheck =
  | { signature: 'malformed' }
  | { signature: 'invalid' }
  /** Signed by our key; `token` names the record it was issued for. */
  | { signature: 'valid'; payload: JWTPayload; token: string };

/** The verification token a credential's id (the verification page's address) ends with. */
const tokenOf = (jti: string | undefined) => /\/cert\/verify\/([A-Za-z0-9_-]{16,64})$/.exec(jti ?? '')?.[1];

/**
 * Whether a credential is one of ours, untouched: a compact JWT signed with the association's
 * key whose id is a verification address. The validity window is not judged here (a
 * certificate issued today is valid from midnight; clocks differ): the record's status is.
 */
export async function checkCredential(db: Kysely<DB>, now: () => number, text: string): Promise<CredentialCheck> {
  const jwt = text.trim();
  let claims: JWTPayload;
  try {
    claims = decodeJwt(jwt);
  } catch {
    return { signature: 'malformed' };
  }
  const token = tokenOf(claims.jti);
  if (!token) return { signature: 'malformed' };
  try {
    const keySet = createLocalJWKSet(await publicKeySet(db, now));
    // Never refused for its date: a credential whose issue day has not begun where the
    // verifier is would otherwise read as forged.
    const currentDate = new Date(Math.max(now(), (claims.nbf ?? 0) * 1000));
    const { payload } = await jwtVerify(jwt, keySet, { algorithms: ['EdDSA'], currentDate });
    return { signature: 'valid', payload, token };
  } catch {
    return { signature: 'invalid' };
  }
}
