import { createHash, randomBytes } from 'node:crypto';
import { expressionBuilder, type Kysely } from 'kysely';
import { decodeJwt, type JWTPayload } from 'jose';
import { certProgramme, CertStatus } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { issuerProfile, OB3_CONTEXT } from '../credentials/issuer.js';
import { statusEntry, statusPosition, type StatusFamily } from '../credentials/status-list.js';
import { signCredential, subjectId, verifyOwnJwt } from '../credentials/vc-jwt.js';
import { inView, type CertRecord } from './records.js';

/**
 * A certificate as an Open Badges 3.0 credential: a W3C Verifiable Credential (data model 2.0)
 * of type OpenBadgeCredential, secured as a VC-JWT signed RS256 with the association's key
 * (features/credentials). Its id is the verification page; its credentialStatus names the
 * certificate's place in the certificates' revocation list, so a copy kept from before a
 * hiding or a deletion reads as revoked to a verifier offline.
 *
 * The holder is named in plain text (the certificate shows the name too); the ID number only
 * as a salted SHA-256 hash, so a holder can prove it without the credential disclosing it. The
 * subject's id is a urn:uuid made from the certificate's verification token: the same in every
 * copy of this certificate's credential, and nothing anyone could work out from the holder.
 */

/** The achievement every certificate of the programme awards. */
export const ACHIEVEMENT_PATH = '/cert/achievement';
/** An uploaded credential is a JWT of a few kilobytes; anything much larger is not one of ours. */
export const CREDENTIAL_MAX_BYTES = 64 * 1024;

/**
 * The certificates' revocation lists: a certificate stands while it is 正常 and a passed result
 * with a certificate number, as its verification page says 证书有效.
 */
const certificates = expressionBuilder<DB, 'certificates'>();
export const certificateStatus: StatusFamily = {
  name: 'certificates',
  table: 'certificates',
  column: 'status_index',
  standing: certificates.and([certificates('status', '=', CertStatus.Normal), inView('cert')(certificates)]),
};

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
  return `sha256$${createHash('sha256')
    .update(idNum + salt)
    .digest('hex')}`;
}

/** A day (yyyy-MM-dd) at midnight China Standard Time, as an XML Schema dateTime. */
export const dayStart = (day: string) => `${day}T00:00:00+08:00`;

/** The signed credential (a compact JWT) of a passed record, whose verification page is `verifyUrl`. */
export async function issueCredential(
  db: Kysely<DB>,
  now: () => number,
  r: CertRecord,
  site: { base: string; issuer: string; verifyUrl: string },
): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const { '@context': _achievementContext, ...awarded } = achievement(site.base, site.issuer);
  const position = await statusPosition(db, certificateStatus, r.id);
  return signCredential(db, now, site.base, {
    '@context': OB3_CONTEXT,
    id: site.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${certProgramme}证书 ${r.certNum}`,
    description: `证书编号 ${r.certNum}，考试日期 ${r.examTime}，发证日期 ${r.issueDate}`,
    issuer: issuerProfile(site.base, site.issuer),
    validFrom: dayStart(r.issueDate || r.examTime),
    credentialSubject: {
      id: subjectId(`certificate:${r.verifyToken}`),
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: r.name },
        { type: 'IdentityObject', identityType: 'nationalIdentityNumber', hashed: true, identityHash: identityHash(r.idNum, salt), salt },
      ],
      achievement: awarded,
    },
    credentialStatus: statusEntry(site.base, certificateStatus, position),
  });
}

/** What checking an uploaded credential found. */
export type CredentialCheck =
  | { signature: 'malformed' }
  | { signature: 'invalid' }
  /** Signed by one of our keys; `token` names the record it was issued for. */
  | { signature: 'valid'; payload: JWTPayload; token: string };

/** The verification token a credential's id (the verification page's address) ends with. */
const tokenOf = (jti: string | undefined) => /\/cert\/verify\/([A-Za-z0-9_-]{16,64})$/.exec(jti ?? '')?.[1];

/**
 * Whether a credential is one of ours, untouched: a compact JWT signed with one of the
 * association's keys (RS256 now, Ed25519 for those issued before) whose id is a verification
 * address. The validity window is not judged here (a certificate issued today is valid from
 * midnight; clocks differ): the record's status is.
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
  // Never refused for its date: a credential whose issue day has not begun where the
  // verifier is would otherwise read as forged.
  const payload = await verifyOwnJwt(db, jwt, new Date(Math.max(now(), (claims.nbf ?? 0) * 1000)));
  return payload ? { signature: 'valid', payload, token } : { signature: 'invalid' };
}
