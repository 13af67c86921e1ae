import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { DB } from '../../db/schema.js';
import { keyByThumbprint, kidOf, SIGNING_ALG, signingKey, thumbprintOf } from './keys.js';

/**
 * Credentials as VC-JWTs (Open Badges 3.0 §8.2, "JSON Web Token Proof Format"): the credential's
 * members are the JWT payload, with the claims OB 3.0 derives from them (iss from issuer.id, jti
 * from id, sub from credentialSubject.id, nbf from validFrom, exp from validUntil), signed RS256
 * with the association's newest key, the header naming it by `kid`, the address that answers it.
 */

/** What every credential of the association carries. */
export interface SignedCredential {
  /** The credential's own address (a verification page, a status list). */
  id: string;
  issuer: { id: string };
  /** An XML Schema dateTime in whole seconds, so that it says what the JWT's nbf says. */
  validFrom: string;
  validUntil?: string;
  credentialSubject: { id?: string; [member: string]: unknown };
  [member: string]: unknown;
}

/** Seconds since the epoch of an XML Schema dateTime. */
const seconds = (dateTime: string) => Math.floor(Date.parse(dateTime) / 1000);

/**
 * A credential as a compact JWT. `typ` is 'JWT' for Open Badges (the only value OB 3.0 allows)
 * and 'vc+jwt' for status lists, as VC-JOSE-COSE names a secured credential; nothing else goes
 * in the header (OB 3.0 allows no other parameters). RS256 signatures are deterministic: the
 * same credential signed with the same key is the same text.
 */
export async function signCredential(
  db: Kysely<DB>,
  now: () => number,
  base: string,
  credential: SignedCredential,
  typ: 'JWT' | 'vc+jwt' = 'JWT',
): Promise<string> {
  const { key, privateKey } = await signingKey(db, now());
  const jwt = new SignJWT(credential)
    .setProtectedHeader({ alg: SIGNING_ALG, typ, kid: kidOf(base, key) })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(seconds(credential.validFrom));
  if (credential.credentialSubject.id) jwt.setSubject(credential.credentialSubject.id);
  if (credential.validUntil) jwt.setExpirationTime(seconds(credential.validUntil));
  return jwt.sign(privateKey);
}

/**
 * The claims of a compact JWT signed with one of the association's keys (the current, an older
 * RS256 or the Ed25519 one), found by the thumbprint its kid ends with; undefined when the
 * signature does not fit or names no key of ours. The date is the caller's to choose.
 */
export async function verifyOwnJwt(db: Kysely<DB>, jwt: string, currentDate: Date): Promise<JWTPayload | undefined> {
  try {
    const { kid } = decodeProtectedHeader(jwt);
    const key = kid ? await keyByThumbprint(db, thumbprintOf(kid)) : undefined;
    if (!key) return undefined;
    const { payload } = await jwtVerify(jwt, await importJWK(JSON.parse(key.public_jwk) as JWK, key.alg), { algorithms: [key.alg], currentDate });
    return payload;
  } catch {
    return undefined;
  }
}

/** RFC 9562's name-based UUID (version 5, SHA-1) under the portal's own namespace. */
const NAMESPACE = Buffer.from('5d8f0c1e7a3b4f6c9e2d1a0b8c7f6e5d', 'hex');

/**
 * A credential subject's id: urn:uuid of a name-based UUID of a secret the subject's record
 * already holds (a certificate's verification token, a card's signed token). The same for
 * every credential of that record, and telling nothing about the holder.
 */
export function subjectId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
