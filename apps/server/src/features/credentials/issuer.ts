import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { allKeys, KEY_PATH, publicJwk } from './keys.js';

/** JSON-LD contexts: W3C Verifiable Credentials 2.0, and Open Badges 3.0 on top of it. */
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB3_CONTEXT = [VC_CONTEXT, 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];
/** W3C Controlled Identifiers 1.0: the terms by which a document names the keys it controls. */
const CID_CONTEXT = 'https://www.w3.org/ns/cid/v1';

/** The issuer's Open Badges Profile, relative to the site's address: the `iss` of every credential. */
export const ISSUER_PATH = '/cert/issuer';

/** The issuer's Open Badges Profile, as each credential embeds it. */
export const issuerProfile = (base: string, issuer: string) => ({
  id: base + ISSUER_PATH,
  type: ['Profile'],
  name: issuer,
  url: `${base}/home`,
});

/**
 * The Profile document served at the issuer's id: the profile and the keys it signs with, so
 * that a credential's issuer leads to its key. Each key is a `JsonWebKey` verification method
 * (W3C Controlled Identifiers) controlled by the profile and listed under `assertionMethod`,
 * its id the address that answers the key alone (the `kid` of RS256 credentials); the same keys
 * are in the key set at /.well-known/jwks.json, where OB 3.0's key provenance check looks.
 */
export async function issuerDocument(db: Kysely<DB>, now: number, base: string, issuer: string) {
  const profile = issuerProfile(base, issuer);
  const methods = (await allKeys(db, now)).map((key) => ({
    id: `${base}${KEY_PATH}/${key.kid}`,
    type: 'JsonWebKey',
    controller: profile.id,
    publicKeyJwk: publicJwk(base, profile.id, key),
  }));
  return { '@context': [...OB3_CONTEXT, CID_CONTEXT], ...profile, verificationMethod: methods, assertionMethod: methods.map((m) => m.id) };
}
