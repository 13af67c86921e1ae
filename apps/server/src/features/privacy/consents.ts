import type { Kysely } from 'kysely';
import { consentSubjectNames, consentWithdrawalConsequence, formatCst, privacyMessages, type ConsentSubject, type PrivacyConsentDto } from '@portal/shared';
import type { SiteInfo } from '../../config.js';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { ensureCurrentVersion } from './policy.js';

/**
 * 隐私与授权: every form that collects personal data carries the policy version its sender
 * ticked 我已阅读并同意 under; the submission and its consent are stored in one transaction, so
 * no submission stands without the record of what was accepted, and when.
 *
 * The version must be the current one: a visitor who read version 3 while version 4 was
 * published is asked to read again rather than bound to a text no longer in force. The spec's
 * own calls (ApplyMember, SavePropose, SaveNews) take the field as optional, since their
 * contract does not name it; our client always sends it, and a submission without it stores no
 * consent (docs/privacy.md says so).
 */

/** A checked consent, ready to be stored with its submission. */
export interface Consent {
  version: number;
  at: string;
}

/** Checks `version` against the current policy; answers the consent to store with the submission. */
export async function acceptedConsent(database: Database, site: SiteInfo, version: number, now: number): Promise<Consent> {
  const current = await ensureCurrentVersion(database, site, now);
  if (version !== current) throw badRequest(privacyMessages.consentOutdated);
  return { version, at: formatCst(now) };
}

/** The same on the spec's calls, where the field is optional: null when none was sent. */
export const optionalConsent = (database: Database, site: SiteInfo, version: number | undefined, now: number): Promise<Consent | null> =>
  version === undefined ? Promise.resolve(null) : acceptedConsent(database, site, version, now);

/** Stores a consent beside its submission, in the submission's transaction. */
export async function recordConsent(
  trx: Kysely<DB>,
  consent: Consent | null,
  subject: ConsentSubject,
  subjectId: number,
  memberId: number | null,
): Promise<void> {
  if (!consent) return;
  await trx
    .insertInto('privacy_consents')
    .values({ subject, subject_id: subjectId, member_id: memberId, policy_version: consent.version, accepted_at: consent.at })
    .execute();
}

/** The title each kind of submission is known by in 隐私与授权, read in one query per kind shown. */
async function titles(db: Kysely<DB>, subject: ConsentSubject, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const pairs = (rows: { id: number; title: string }[]) => new Map(rows.map((r) => [r.id, r.title]));
  switch (subject) {
    case 'application':
      return pairs(await db.selectFrom('members').select(['id', 'member_name as title']).where('id', 'in', ids).execute());
    case 'proposal':
    case 'message':
      return pairs(await db.selectFrom('messages').select(['id', 'subject as title']).where('id', 'in', ids).execute());
    case 'contribution':
      return pairs(await db.selectFrom('news').select(['id', 'title']).where('id', 'in', ids).execute());
    case 'form':
      return pairs(
        await db
          .selectFrom('form_responses')
          .innerJoin('forms', 'forms.id', 'form_responses.form_id')
          .select(['form_responses.id as id', 'forms.title as title'])
          .where('form_responses.id', 'in', ids)
          .execute(),
      );
    case 'signUp':
      return pairs(await db.selectFrom('activities').select(['id', 'title']).where('id', 'in', ids).execute());
  }
}

/** GetMyConsents: the member's consents, newest first (a member gives a handful a year: no paging). */
export async function memberConsents({ db }: Database, memberId: number): Promise<PrivacyConsentDto[]> {
  const rows = await db
    .selectFrom('privacy_consents')
    .select(['id', 'subject', 'subject_id', 'policy_version', 'accepted_at', 'withdrawn_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .execute();
  const bySubject = new Map<ConsentSubject, number[]>();
  for (const r of rows) bySubject.set(r.subject as ConsentSubject, [...(bySubject.get(r.subject as ConsentSubject) ?? []), r.subject_id]);
  const named = new Map<ConsentSubject, Map<number, string>>();
  for (const [subject, ids] of bySubject) named.set(subject, await titles(db, subject, ids));
  return rows.map((r) => {
    const subject = r.subject as ConsentSubject;
    return {
      Id: r.id,
      Subject: subject,
      SubjectName: consentSubjectNames[subject],
      Title: named.get(subject)?.get(r.subject_id) ?? '',
      PolicyVersion: r.policy_version,
      AcceptTime: r.accepted_at,
      WithdrawTime: r.withdrawn_at,
      Consequence: consentWithdrawalConsequence(subject),
    };
  });
}

/** WithdrawConsent: only the member's own, once; the row stays, dated, as the record of both. */
export async function withdrawConsent({ db }: Database, memberId: number, id: number, now: number): Promise<void> {
  const mine = await db.selectFrom('privacy_consents').select('withdrawn_at').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  if (!mine) throw notFound(privacyMessages.consentNotFound);
  const done = await db
    .updateTable('privacy_consents')
    .set({ withdrawn_at: formatCst(now) })
    .where('id', '=', id)
    .where('withdrawn_at', '=', '')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw badRequest(privacyMessages.consentWithdrawn);
}
