import fs from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import jsonld from 'jsonld';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/**
 * Checking the association's credentials as a verifier elsewhere does, with nothing of ours:
 * jose with the key fetched from the credential's kid, 1EdTech's JSON Schema for Open Badges
 * 3.0 credentials, and Digital Bazaar's Bitstring Status List library reading the status list
 * the credential names. Requests go to the test app instead of the network: addresses are
 * taken as the app's public address (PUBLIC_BASE_URL) plus a path.
 */

/**
 * 1EdTech's JSON Schema of an OpenBadgeCredential (ob_v3p0_achievementcredential, as published
 * by 1EdTech in the openbadges-specification repository, docs/schema/achievementcredential.json,
 * July 2024), kept here unchanged so the tests need no network.
 */
const schema = JSON.parse(fs.readFileSync(new URL('./fixtures/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8')) as { $id: string };
const ajv = new Ajv2019({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(schema);
const credentialSchema = ajv.getSchema(schema.$id)!;
const profileSchema = ajv.compile({ $ref: `${schema.$id}#/$defs/Profile` });

/** Fails the test, listing the schema's complaints, unless `value` is a valid OpenBadgeCredential (or, with 'Profile', a Profile). */
export function expectSchemaValid(value: unknown, which: 'OpenBadgeCredential' | 'Profile' = 'OpenBadgeCredential'): void {
  const validate = which === 'Profile' ? profileSchema : credentialSchema;
  const valid = validate(value);
  expect(validate.errors ?? [], which).toEqual([]);
  expect(valid).toBe(true);
}

/** GET of an absolute address of the app. */
export async function fetchFromApp(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const base = t.config.publicBaseUrl!;
  expect(url.startsWith(`${base}/`), url).toBe(true);
  return t.app.inject({ method: 'GET', url: url.slice(base.length).replace(/#.*$/, ''), headers });
}

/**
 * OB 3.0 §8.2: dereference the header's kid to a JWK and check the signature with it, RS256
 * only, and its dates (nbf, exp) at the app's time, which is a test clock's in some suites.
 */
export async function verifyByKid(t: TestApp, jwt: string): Promise<JWTPayload> {
  const { kid } = decodeProtectedHeader(jwt);
  const res = await fetchFromApp(t, kid ?? '');
  expect(res.statusCode, kid).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/jwk\+json/);
  const jwk = JSON.parse(res.body) as JWK;
  expect(jwk).not.toHaveProperty('d');
  const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'RS256'), { algorithms: ['RS256'], currentDate: new Date(t.app.services.now()) });
  return payload;
}

/**
 * The revocation bit of a credential (its payload), from the status list it names: fetched,
 * its signature checked by its kid, its claims handed to the library as the status list
 * credential. True when revoked.
 */
export async function revocationBit(t: TestApp, credential: JWTPayload): Promise<boolean> {
  const result = await checkStatus({
    credential,
    documentLoader: async (url: string) => {
      const res = await fetchFromApp(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
      return { document: await verifyByKid(t, res.body) };
    },
    verifyBitstringStatusListCredential: false,
    verifyMatchingIssuers: true,
  });
  expect(result.error).toBeUndefined();
  expect(result.verified).toBe(true);
  return result.results![0]!.status;
}

/** JWT claims a VC-JWT carries beside the credential (VC-JOSE-COSE): JOSE's, not terms of the data model. */
const JWT_CLAIMS = ['iss', 'sub', 'jti', 'nbf', 'exp', 'iat', 'aud'];

/**
 * A credential (a VC-JWT's payload) expanded as JSON-LD in safe mode, which throws where a term
 * is defined by no context instead of dropping it: W3C's contexts from Digital Bazaar's copy,
 * the association's from the app, anything else refused.
 */
export async function expandSafely(t: TestApp, payload: JWTPayload): Promise<Record<string, unknown>[]> {
  const credential = Object.fromEntries(Object.entries(payload).filter(([claim]) => !JWT_CLAIMS.includes(claim)));
  return jsonld.expand(credential, {
    safe: true,
    documentLoader: async (url: string) => {
      const known = vcContexts.get(url);
      if (known) return { document: known, documentUrl: url, contextUrl: null };
      const res = await fetchFromApp(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
      return { document: JSON.parse(res.body) as object, documentUrl: url, contextUrl: null };
    },
  });
}
