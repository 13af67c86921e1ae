import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  certStatusNames,
  Code,
  examStatusNames,
  formatCst,
  HOLDER_SESSION_MINUTES,
  idTypeNames,
  normaliseCertNum,
  normaliseIdNumber,
  rightsMessages,
  type CertHolderSessionDto,
  type CertStatus,
  type ExamStatus,
  type IdType,
  type MyDataSectionDto,
  type VerifyCertHolderBody,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { expiringTokens } from '../../db/expiring-tokens.js';
import { documentGuard } from '../../http/guard-docs.js';
import { AppError, badRequest } from '../../http/envelope.js';
import { requestToken } from '../../http/request-token.js';
import { PRIVATE_ANSWER } from '../../http/security-headers.js';
import { maskIdNumber } from '../certificates/dto.js';
import { countLookup } from '../certificates/lookup.js';
import { live, newestFirst, ofPerson, selectRecords, toRecord } from '../certificates/records.js';

/**
 * Certificate holders and exam candidates (个人信息保护法 arts. 44–47): they have no account, so
 * they prove who they are each time (VerifyCertHolder) with their name, their whole ID number and
 * what only their paper says (a certificate number of theirs, or the exam date of a result
 * without one), and get a token that opens their records and requests for 30 minutes.
 *
 * The token is one of db/expiring-tokens.ts under its own key, naming the record they proved
 * themselves with; the person is that record's name and ID number, so every record of theirs
 * (other exams, other certificates) is theirs to see. Each verification counts against the
 * public lookup's budget per address, so exam dates cannot be tried one after another.
 */
const holderTokens = expiringTokens('rights-holder');

/** Who a holder's token stands for: the record they proved themselves with and every record of theirs. */
export interface CertHolder {
  certId: number;
  name: string;
  certIds: number[];
}

export async function verifyCertHolder(database: Database, ip: string, body: VerifyCertHolderBody, now: number): Promise<CertHolderSessionDto> {
  await countLookup(database, ip, now);
  const proof = body.Proof.trim();
  const row = await database.db
    .selectFrom('certificates')
    .select(['id', 'name'])
    .where(ofPerson(database.idNumbers, body.Name.trim(), normaliseIdNumber(body.IdNum)))
    .where(live)
    .where((eb) => eb.or([eb('cert_num', '=', normaliseCertNum(proof)), eb.and([eb('cert_num', 'is', null), eb('exam_time', '=', proof)])]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw badRequest(rightsMessages.holderNotVerified);
  const expires = Math.floor(now / 1000) + HOLDER_SESSION_MINUTES * 60;
  const Token = await holderTokens.make(database.db, { id: row.id, expires }, now);
  return { Token, Name: row.name, ExpireTime: formatCst(expires * 1000) };
}

const holders = new WeakMap<FastifyRequest, CertHolder>();

/** The holder a token stands for, or undefined for a token the site did not make, one past its time, or a record deleted since. */
async function holderOf(database: Database, token: string | undefined, now: number): Promise<CertHolder | undefined> {
  const claim = token ? await holderTokens.read(database.db, token, now) : undefined;
  if (!claim || claim.expires * 1000 <= now) return undefined;
  const proved = await selectRecords(database.db).where('id', '=', claim.id).where(live).executeTakeFirst();
  if (!proved) return undefined;
  const idNum = toRecord(database.idNumbers, proved).idNum;
  const rows = await database.db
    .selectFrom('certificates')
    .select('id')
    .where(ofPerson(database.idNumbers, proved.name, idNum))
    .where(live)
    .execute();
  return { certId: proved.id, name: proved.name, certIds: rows.map((r) => r.id) };
}

/** onRequest of the holder's calls: Code 403 身份核验已过期，请重新核验 without a live token. */
export const requireCertHolder = (database: Database, now: () => number): onRequestAsyncHookHandler =>
  documentGuard(
    async function certHolderGuard(request, reply) {
      void reply.header('cache-control', PRIVATE_ANSWER);
      const holder = await holderOf(database, requestToken(request), now());
      if (!holder) throw new AppError(Code.Forbidden, rightsMessages.holderSessionExpired);
      holders.set(request, holder);
    },
    { 'x-member-session': 'cert-holder' },
  );

/** The holder admitted by requireCertHolder. */
export function currentCertHolder(request: FastifyRequest): CertHolder {
  const holder = holders.get(request);
  if (!holder) throw new Error(`route ${request.routeOptions.url ?? request.url} reads the holder without requireCertHolder`);
  return holder;
}

/** 证书与考试成绩: every record of the holder, the ID number masked as everywhere else. */
export async function holderRecords(database: Database, holder: CertHolder): Promise<MyDataSectionDto> {
  const rows = await newestFirst(selectRecords(database.db).where('id', 'in', holder.certIds)).execute();
  const records = rows.map((r) => toRecord(database.idNumbers, r));
  return {
    Name: '证书与考试成绩',
    Columns: ['姓名', '证件类型', '证件号码', '工作单位', '考试日期', '考试结果', '证书编号', '发证日期', '状态'],
    Rows: records.map((r) => [
      r.name,
      idTypeNames[r.idType as IdType] ?? '',
      maskIdNumber(r.idNum),
      r.company,
      r.examTime,
      examStatusNames[r.examStatus as ExamStatus] ?? '',
      r.certNum,
      r.issueDate,
      certStatusNames[r.status as CertStatus] ?? '',
    ]),
  };
}
