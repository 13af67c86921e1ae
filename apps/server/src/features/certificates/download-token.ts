import type { Kysely } from 'kysely';
import type { CertRecordDto, ListDto } from '@portal/shared';
import { expiringTokens, type TokenClaim } from '../../db/expiring-tokens.js';
import type { DB } from '../../db/schema.js';
import { toRecordDto } from './dto.js';
import type { CertRecord } from './records.js';

/**
 * The certificate id the public lookup hands out (`_certId` of GetCertList and of the
 * /certsearch page): a token that is by itself the proof DownCert asks for, since only a
 * lookup with the holder's name and number (or a member session of the holder's company)
 * hands it out. The spec's client sends back just that id (`DownCert?IdNum=&CertId=<_certId>`
 * after a search by certificate number), so the id has to carry the proof.
 *
 * One of db/expiring-tokens.ts under a key of its own, not the verification token: that one is
 * printed in the QR code of every copy and handed to every verifier, who should learn what the
 * verification page shows, not get a fresh copy of the certificate. Record numbers stay out of
 * the public answers: a token cannot be made for a number without the key, so certificates
 * cannot be fetched by counting. It works for a day, long enough for a results page left open,
 * short enough that one copied out of a log or a shared screen soon stops working.
 */
export const DOWNLOAD_TOKEN_HOURS = 24;

const downloadTokens = expiringTokens('cert-download');

const downloadToken = (db: Kysely<DB>, certId: number, now: number) =>
  downloadTokens.make(db, { id: certId, expires: Math.floor(now / 1000) + DOWNLOAD_TOKEN_HOURS * 3600 }, now);

/** What a download token says, expired or not; undefined for one the site did not make. */
export const readDownloadToken = (db: Kysely<DB>, token: string, now: number): Promise<TokenClaim | undefined> => downloadTokens.read(db, token, now);

/** Whether a token's day has passed. */
export const tokenExpired = (claim: TokenClaim, now: number) => claim.expires * 1000 <= now;

/** A page of the public lookup as it answers: the records with their download tokens for ids. */
export async function lookupList(db: Kysely<DB>, page: { items: CertRecord[]; total: number }, now: number): Promise<ListDto<CertRecordDto>> {
  const List = await Promise.all(page.items.map(async (r) => toRecordDto(r, await downloadToken(db, r.id, now))));
  return { List, TotalCount: page.total };
}
