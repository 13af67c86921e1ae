import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../db/schema.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { chineseDate, certificateRenderer, type CertificateFace } from '../certificates/image.js';
import { dayStart } from '../certificates/credential.js';
import { issuerProfile, OB3_CONTEXT } from '../credentials/issuer.js';
import { statusEntry, statusPosition } from '../credentials/status-list.js';
import { signCredential, subjectId } from '../credentials/vc-jwt.js';
import { ATTENDANCE_VERIFY_PATH, attendanceStatus, kindNames, type AttendanceCert, type AttendanceKind } from './records.js';

/** An attendance certificate drawn like the exam certificate, and signed like it (Open Badges 3.0, VC-JWT). */

export const verifyUrl = (base: string, c: AttendanceCert) => `${base}${ATTENDANCE_VERIFY_PATH}/${c.verifyToken}`;

/** What the certificate says was done: 参加了「title」培训 / 活动. */
const doing = (kind: AttendanceKind) => (kind === 'training' ? '培训' : '活动');

/** The activity's days: 2024年6月20日, or 2024年6月20日至6月21日 over several. */
export function activityDays(c: Pick<AttendanceCert, 'startTime' | 'endTime'>): string {
  const [start, end] = [c.startTime.slice(0, 10), c.endTime.slice(0, 10)];
  if (!end || end === start) return chineseDate(start);
  return `${chineseDate(start)}至${end.slice(0, 4) === start.slice(0, 4) ? chineseDate(end).slice(5) : chineseDate(end)}`;
}

const face = (kind: AttendanceKind): CertificateFace => ({
  title: kindNames[kind],
  flourishAt: 230,
  english: kind === 'training' ? 'CERTIFICATE OF TRAINING' : 'CERTIFICATE OF ATTENDANCE',
  rows: ['单位名称', `${doing(kind)}名称`, `${doing(kind)}时间`, `${doing(kind)}地点`, '证明编号'],
  closing: `该单位参加了上述${doing(kind)}，特此证明。`,
});
const renderers = { training: certificateRenderer(face('training')), attendance: certificateRenderer(face('attendance')) };

/** The certificate's PNG, as the request's site shows it. */
export function attendancePng(request: FastifyRequest, c: AttendanceCert): Promise<Buffer> {
  return renderers[c.kind]({
    values: [c.company, c.title, activityDays(c), c.place, c.certNo],
    issueDate: c.issuedAt.slice(0, 10),
    issuer: request.server.services.config.site.name,
    verifyUrl: verifyUrl(publicBaseUrl(request), c),
  });
}

/**
 * The certificate as an Open Badges 3.0 OpenBadgeCredential secured as a VC-JWT, like the exam
 * certificates' (certificates/credential.ts): its id is the verification page, its
 * achievement the activity, its subject the member company (named in plain text, as the
 * certificate prints it), and its credentialStatus its place in the attendance certificates'
 * revocation list, so a copy kept from before a revocation reads as revoked.
 */
export async function attendanceCredential(db: Kysely<DB>, now: () => number, c: AttendanceCert, site: { base: string; issuer: string }): Promise<string> {
  const position = await statusPosition(db, attendanceStatus, c.id);
  const name = kindNames[c.kind];
  return signCredential(db, now, site.base, {
    '@context': OB3_CONTEXT,
    id: verifyUrl(site.base, c),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${name} ${c.certNo}`,
    description: `${c.company}参加了${site.issuer}组织的${doing(c.kind)}「${c.title}」（${activityDays(c)}，${c.place}）`,
    issuer: issuerProfile(site.base, site.issuer),
    validFrom: dayStart(c.issuedAt.slice(0, 10)),
    credentialSubject: {
      id: subjectId(`attendance:${c.verifyToken}`),
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: c.company }],
      achievement: {
        id: subjectId(`activity:${c.activityId}`),
        type: ['Achievement'],
        name: `${c.title}（${name}）`,
        description: `${site.issuer}组织的${doing(c.kind)}「${c.title}」，${activityDays(c)}在${c.place}举行。`,
        criteria: { narrative: `参加${site.issuer}组织的${doing(c.kind)}「${c.title}」并签到。` },
      },
    },
    credentialStatus: statusEntry(site.base, attendanceStatus, position),
  });
}
