import type { Kysely } from 'kysely';
import {
  certMessages,
  CertStatus,
  Code,
  ExamStatus,
  formatCst,
  messages,
  normaliseCertNum,
  normaliseIdNumber,
  type CertSearchEntry,
  type PagingQuery,
} from '@portal/shared';
import type { Database } from '../../db/connection.js';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/envelope.js';
import { readDownloadToken, tokenExpired } from './download-token.js';
import { ofIdNumber, pageOfRecords, selectRecords, toRecord, type CertRecord, type CertStore } from './records.js';

/**
 * The public certificate lookup (spec §2 certsearch, §7 GetCertList and DownCert) and a member's
 * own company's certificates (spec §6). Only records with status 1 正常 ever answer here.
 *
 * Matching is exact, so nobody lists strangers by a partial name: the name as typed (trimmed),
 * the ID number and certificate number normalised as stored (full-width folded, letters
 * upper-case).
 */

/**
 * Lookups per client address: GetCertList searches and DownCert downloads together. Each DownCert
 * guess at an ID number counts, so the masked middle of a number (a birth date) cannot be found
 * by trying. Counted in the database so that every instance agrees, the count and the row it
 * adds taken while holding the address (db/key-lock.ts), so lookups arriving at once cannot
 * all pass it.
 */
export const lookupLimit = { max: 30, windowMs: 10 * 60_000 } as const;

/** Counts one lookup of the address, or refuses it with Code 429 once the budget is spent. */
export async function countLookup(database: Database, ip: string, now: number): Promise<void> {
  const since = formatCst(now - lookupLimit.windowMs);
  // Lookups past the window count for no address: swept first, outside the address's turn.
  await database.db.deleteFrom('cert_lookups').where('created_at', '<=', since).execute();
  await withKeyLocked(database, `cert-lookup:${ip}`, async (trx) => {
    const { n } = await trx
      .selectFrom('cert_lookups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (n >= lookupLimit.max) throw new AppError(Code.TooMany, messages.tooManyRequests);
    await trx
      .insertInto('cert_lookups')
      .values({ ip, created_at: formatCst(now) })
      .execute();
  });
}

const visible = (db: Kysely<DB>) => selectRecords(db).where('status', '=', CertStatus.Normal);

/** GetCertList: a name with an ID number, a certificate number, or both (the form's fields, certSearchForm). */
function searchRecords({ db, idNumbers }: CertStore, search: CertSearchEntry, paging: PagingQuery) {
  let query = visible(db).where('name', '=', search.Name.trim());
  if (search.IdNum) query = query.where(ofIdNumber(idNumbers, normaliseIdNumber(search.IdNum)));
  if (search.CertNum) query = query.where('cert_num', '=', normaliseCertNum(search.CertNum));
  return pageOfRecords(idNumbers, query, paging);
}

/**
 * A visitor's lookup (GetCertList, and the /certsearch form posted without JavaScript): counted
 * against the address's budget, then searched.
 */
export async function visitorLookup(database: Database, ip: string, now: number, search: CertSearchEntry, paging: PagingQuery) {
  await countLookup(database, ip, now);
  return searchRecords(database, search, paging);
}

/** The member company's name, which its records carry in company (docs/api.md). */
export async function memberCompany(db: Kysely<DB>, memberId: number): Promise<string> {
  const member = await db.selectFrom('members').select('member_name').where('id', '=', memberId).executeTakeFirstOrThrow();
  return member.member_name.trim();
}

/** GetCertList with a member token and no name: the member company's own certificates. */
export function companyRecords({ db, idNumbers }: CertStore, company: string, paging: PagingQuery) {
  // A company without a name owns nothing (records without a company are nobody's).
  return pageOfRecords(idNumbers, visible(db).where('company', '=', company).where('company', '<>', ''), paging);
}

export interface DownloadProof {
  idNum: string;
  name: string;
  certNum: string;
  /** The caller's member company, when signed in as a member. */
  company: string | null;
}

/**
 * DownCert: the certificate, when the caller shows it is theirs: the download token a lookup
 * handed out for it as its id (download-token.ts), or with the record's number or an expired
 * token, the holder's ID number, or the name and certificate number searched with; or a member
 * session of the holder's company. A member's own company's certificates do not count against
 * the lookup budget; every other try does (`count`), before it is checked, so neither ID
 * numbers nor tokens can be found by trying.
 */
export async function downloadableRecord(
  { db, idNumbers }: CertStore,
  certId: number | string,
  proof: DownloadProof,
  count: () => Promise<void>,
  now: number,
): Promise<CertRecord> {
  const claim = typeof certId === 'string' ? await readDownloadToken(db, certId, now) : undefined;
  const id = typeof certId === 'number' ? certId : claim?.id;
  const row = id === undefined ? undefined : await visible(db).where('id', '=', id).executeTakeFirst();
  const record = row && toRecord(idNumbers, row);
  const ownCompany = record !== undefined && proof.company !== null && proof.company !== '' && record.company === proof.company;
  if (!ownCompany) await count();
  if (!record) throw notFound(certMessages.downloadRefused);
  const proven =
    ownCompany ||
    (claim !== undefined && !tokenExpired(claim, now)) ||
    (proof.idNum !== '' && normaliseIdNumber(proof.idNum) === record.idNum) ||
    (proof.name !== '' && proof.certNum !== '' && proof.name === record.name && normaliseCertNum(proof.certNum) === record.certNum);
  if (!proven) throw notFound(claim ? certMessages.downloadExpired : certMessages.downloadRefused);
  if (record.examStatus !== ExamStatus.Passed || !record.certNum) throw badRequest(certMessages.notPassed);
  return record;
}
