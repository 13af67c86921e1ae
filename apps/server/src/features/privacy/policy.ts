import { formatCst, privacyMessages, type PrivacyPolicyDto, type PublicPrivacyPolicyDto, type SavePrivacyPolicyBody } from '@portal/shared';
import type { SiteInfo } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { contentChanged } from '../../cache/generations.js';
import { sanitizeRichText } from '../../content/sanitize.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import type { PagingQuery } from '@portal/shared';
import { defaultPrivacyPolicy } from './default-policy.js';

/**
 * 隐私政策: numbered versions of the site's privacy policy. Staff write drafts (version 0) and
 * publish them; publishing gives the next number and the time, after which the row never changes,
 * so a consent recorded under version N (issue 58) can show exactly what was accepted. The
 * highest published number is current. A site that never published one starts from the shipped
 * default (default-policy.ts), stored as version 1 the first time anyone reads the policy.
 */

export interface PrivacyPolicy {
  id: number;
  version: number;
  content: string;
  summary: string;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'version', 'content', 'summary', 'published_at', 'created_at', 'updated_at'] as const;
type Row = { id: number; version: number; content: string; summary: string; published_at: string; created_at: string; updated_at: string };

const toPolicy = (r: Row): PrivacyPolicy => ({
  id: r.id,
  version: r.version,
  content: r.content,
  summary: r.summary,
  publishedAt: r.published_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toPrivacyPolicyDto = (p: PrivacyPolicy, currentVersion: number): PrivacyPolicyDto => ({
  Id: p.id,
  Version: p.version,
  IsCurrent: p.version > 0 && p.version === currentVersion,
  Content: p.content,
  Summary: p.summary,
  PublishTime: p.publishedAt,
  CreateTime: p.createdAt,
  UpdateTime: p.updatedAt,
});

/** What the audit log calls a write here. */
export const PRIVACY_AUDIT_TARGET = '隐私政策';
/** The refusals of the back-office calls, as the API document lists them. */
export const privacyCodes = { 400: privacyMessages.published, 404: privacyMessages.notFound };

/** How the audit log names a version: 第3版, or 草稿（变更说明）. */
export const describePrivacyPolicy = (p: { version: number; summary: string }): string =>
  p.version > 0 ? `第${p.version}版` : `草稿（${p.summary.slice(0, 40)}）`;

/** The current version's number, 0 when none is published yet. */
async function currentVersion({ db }: Database): Promise<number> {
  const row = await db
    .selectFrom('privacy_policies')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * The current version's number, storing the shipped default as version 1 when none is published:
 * every reader then sees, and every consent names, a version that is kept.
 */
export async function ensureCurrentVersion(database: Database, site: SiteInfo, now: number): Promise<number> {
  const version = await currentVersion(database);
  if (version > 0) return version;
  const at = formatCst(now);
  const { content, summary } = defaultPrivacyPolicy(site);
  try {
    await database.db
      .insertInto('privacy_policies')
      .values({ version: 1, content: sanitizeRichText(content), summary, published_at: at, created_at: at, updated_at: at })
      .execute();
  } catch (error) {
    // Another request or instance stored it first: theirs is version 1.
    if (!isUniqueViolation(error)) throw error;
  }
  return 1;
}

/** A page of every version, drafts first (newest first), then published ones from the current down. */
export async function listPrivacyPolicies(
  database: Database,
  site: SiteInfo,
  paging: PagingQuery,
  now: number,
): Promise<{ items: PrivacyPolicy[]; total: number; current: number }> {
  const current = await ensureCurrentVersion(database, site, now);
  const { limit, offset } = pageWindow(paging);
  const all = database.db.selectFrom('privacy_policies');
  const [rows, { total }] = await Promise.all([
    all
      .select(columns)
      .orderBy((eb) => eb.case().when('version', '=', 0).then(0).else(1).end())
      .orderBy('version', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    all.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPolicy), total: Number(total), current };
}

export async function findPrivacyPolicy({ db }: Database, id: number): Promise<PrivacyPolicy | undefined> {
  const row = await db.selectFrom('privacy_policies').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toPolicy(row);
}

/** A draft, or the refusal to touch a published version. */
async function draft(database: Database, id: number): Promise<PrivacyPolicy> {
  const found = await findPrivacyPolicy(database, id);
  if (!found) throw notFound(privacyMessages.notFound);
  if (found.version > 0) throw badRequest(privacyMessages.published);
  return found;
}

/** Adds a draft (Id 0) or changes one; the text is stored sanitised. Visitors see nothing until it is published. */
export async function savePrivacyPolicy(database: Database, body: SavePrivacyPolicyBody, now: number): Promise<PrivacyPolicy> {
  const at = formatCst(now);
  const values = { content: sanitizeRichText(body.Content), summary: body.Summary };
  if (body.Id > 0) {
    await draft(database, body.Id);
    const row = await database.db
      .updateTable('privacy_policies')
      .set({ ...values, updated_at: at })
      .where('id', '=', body.Id)
      // Published meanwhile by someone else: it stays as they published it.
      .where('version', '=', 0)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw badRequest(privacyMessages.published);
    return toPolicy(row);
  }
  const row = await database.db
    .insertInto('privacy_policies')
    .values({ ...values, created_at: at, updated_at: at })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toPolicy(row);
}

/** The most tries a publication makes when others publish at the same moment. */
const PUBLISH_TRIES = 5;

/** Publishes a draft as the next version: it becomes current at once, for visitors everywhere. */
export async function publishPrivacyPolicy(database: Database, id: number, site: SiteInfo, now: number): Promise<PrivacyPolicy> {
  await draft(database, id);
  const at = formatCst(now);
  for (let attempt = 1; ; attempt++) {
    const next = (await ensureCurrentVersion(database, site, now)) + 1;
    try {
      const row = await database.db
        .updateTable('privacy_policies')
        .set({ version: next, published_at: at, updated_at: at })
        .where('id', '=', id)
        .where('version', '=', 0)
        .returning(columns)
        .executeTakeFirst();
      if (!row) throw badRequest(privacyMessages.published);
      contentChanged(database, 'site:privacy');
      return toPolicy(row);
    } catch (error) {
      // Another draft took that number a moment ago: take the next.
      if (!isUniqueViolation(error) || attempt === PUBLISH_TRIES) throw error;
    }
  }
}

export async function deletePrivacyPolicy(database: Database, id: number): Promise<PrivacyPolicy> {
  await draft(database, id);
  const row = await database.db.deleteFrom('privacy_policies').where('id', '=', id).where('version', '=', 0).returning(columns).executeTakeFirst();
  if (!row) throw badRequest(privacyMessages.published);
  return toPolicy(row);
}

/** What /privacy shows: the version asked for (the current one by default) and the published history. */
export async function publicPrivacyPolicy(database: Database, site: SiteInfo, version: number | undefined, now: number): Promise<PublicPrivacyPolicyDto> {
  const current = await ensureCurrentVersion(database, site, now);
  const published = await database.db
    .selectFrom('privacy_policies')
    .select(['version', 'summary', 'published_at'])
    .where('version', '>', 0)
    .orderBy('version', 'desc')
    .execute();
  const shown = version ?? current;
  const row = await database.db
    .selectFrom('privacy_policies')
    .select(['version', 'content', 'summary', 'published_at'])
    .where('version', '=', shown)
    .executeTakeFirst();
  if (!row || shown < 1) throw notFound(privacyMessages.notFound);
  return {
    Version: row.version,
    CurrentVersion: current,
    Content: row.content,
    Summary: row.summary,
    PublishTime: row.published_at,
    Versions: published.map((p) => ({ Version: p.version, Summary: p.summary, PublishTime: p.published_at })),
  };
}
