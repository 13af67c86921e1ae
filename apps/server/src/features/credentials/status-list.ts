import { gzipSync } from 'node:zlib';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { formatCst, parseCst, w3cTime } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { issuerProfile, VC_CONTEXT } from './issuer.js';
import { signCredential } from './vc-jwt.js';

/**
 * Revocation by W3C Bitstring Status List 1.0: each credential names its record's position in
 * a list (credentialStatus, a BitstringStatusListEntry of statusPurpose "revocation"), and the
 * list, a signed credential the portal serves, has that bit set while the record does not
 * stand. A verifier holding a copy made before a revocation fetches the list and sees it.
 *
 * The list is read from the records when it is asked for, so it changes with them at once
 * (a certificate hidden, deleted or restored, a card revoked or restored, a membership lapsed
 * or suspended, on whichever instance), and nothing else has to be kept in step. Records are
 * never deleted (a deleted certificate is a status), so no position goes back to clear.
 *
 * A family of lists (certificates, member cards) numbers its records' positions from 0 in the
 * order of their first credential; list n holds positions n × LIST_SIZE onwards.
 *
 * Each list is dated, as the Bitstring Status List spec advises: validFrom is when it was signed
 * with these bits, validUntil a day later. A list that carried no date could be kept by a holder
 * and shown to a verifier offline long after their revocation; a dated one is refused after a
 * day. It is signed again when its bits change (validFrom then says from when the revocation or
 * restoration holds) and, when asked for, once its signing is an hour old, so a list fetched
 * always has most of its day left. Its last signing is kept (credential_status_lists), so while
 * neither happens every instance answers the same text and an ETag holds.
 */

type Db = Kysely<DB>;

/** Where the lists are: <base>/credentials/status/<family>/<n>. */
export const STATUS_PATH = '/credentials/status';
/** Positions per list: 16 KB of bits, the spec's minimum, so a list hides which of many credentials is checked. */
export const LIST_SIZE = 16 * 1024 * 8;
/** How long a verifier may keep a list, in seconds: the list's Cache-Control and, in milliseconds, its ttl. */
export const LIST_MAX_AGE = 300;
/** How long a list is valid after it is signed (its validUntil), in milliseconds. */
export const LIST_VALIDITY = 24 * 3_600_000;
/** How old a signing may grow before the list is signed again when asked for, in milliseconds. */
export const LIST_RESIGN_AFTER = 3_600_000;
const STATUS_PURPOSE = 'revocation';

/** The records of one family of lists, as the lists need them. */
export interface StatusFamily {
  /** Its lists' address segment and counter (credential_status_counters.family). */
  name: string;
  /** The table of its records (keyed by id) and the column that holds a record's position. */
  table: 'certificates' | 'members' | 'attendance_certificates';
  column: 'status_index' | 'card_status_index';
  /** Whether a row of the table stands (its bit clear), on the table's own columns. */
  standing: Expression<SqlBool>;
}

/** The positions in [from, to) whose records no longer stand. */
async function fallen(db: Db, family: StatusFamily, from: number, to: number): Promise<number[]> {
  const column = sql.ref(family.column);
  const { rows } = await sql<{
    position: number;
  }>`select ${column} as position from ${sql.table(family.table)} where ${column} >= ${from} and ${column} < ${to} and not (${family.standing})`.execute(db);
  return rows.map((r) => Number(r.position));
}

/** The record's position, null before its first credential. */
async function positionOf(db: Db, family: StatusFamily, recordId: number): Promise<number | null> {
  const { rows } = await sql<{
    position: number | null;
  }>`select ${sql.ref(family.column)} as position from ${sql.table(family.table)} where id = ${recordId}`.execute(db);
  const position = rows[0]?.position;
  return position === null || position === undefined ? null : Number(position);
}

/** Gives the record `position` unless it holds one already; answers whether it took it. */
async function assign(db: Db, family: StatusFamily, recordId: number, position: number): Promise<boolean> {
  const column = sql.ref(family.column);
  const result = await sql`update ${sql.table(family.table)} set ${column} = ${position} where id = ${recordId} and ${column} is null`.execute(db);
  return Number(result.numAffectedRows) === 1;
}

/**
 * The record's position, given once: the first credential of a record takes the family's next
 * position (a counter row, incremented in one statement, so parallel requests never take the
 * same one). When two requests for the same record race, the first to write keeps its
 * position and the other's is left unused, a bit that stays clear.
 */
export async function statusPosition(db: Db, family: StatusFamily, recordId: number): Promise<number> {
  const held = await positionOf(db, family, recordId);
  if (held !== null) return held;
  await db
    .insertInto('credential_status_counters')
    .values({ family: family.name })
    .onConflict((oc) => oc.column('family').doNothing())
    .execute();
  const { next_index } = await db
    .updateTable('credential_status_counters')
    .set((eb) => ({ next_index: eb('next_index', '+', 1) }))
    .where('family', '=', family.name)
    .returning('next_index')
    .executeTakeFirstOrThrow();
  const position = Number(next_index) - 1;
  if (await assign(db, family, recordId, position)) return position;
  const taken = await positionOf(db, family, recordId);
  if (taken === null) throw new Error(`${family.name} ${recordId}: no status position`);
  return taken;
}

const listUrl = (base: string, family: string, list: number) => `${base}${STATUS_PATH}/${family}/${list}`;

/** A credential's credentialStatus for its record's position. */
export function statusEntry(base: string, family: StatusFamily, position: number) {
  const list = listUrl(base, family.name, Math.floor(position / LIST_SIZE));
  const index = String(position % LIST_SIZE);
  return { id: `${list}#${index}`, type: 'BitstringStatusListEntry', statusPurpose: STATUS_PURPOSE, statusListIndex: index, statusListCredential: list };
}

/** The bitstring (bit 0 the first byte's highest) of the set indexes, gzipped, base64url, with Multibase's 'u' before it. */
export function encodeList(indexes: readonly number[]): string {
  const bits = Buffer.alloc(LIST_SIZE / 8);
  for (const i of indexes) bits[i >> 3]! |= 0x80 >> (i & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/**
 * When list `list` of the family is signed with `encodedList` (CST): its last signing when that
 * was of the same bits and is under an hour old, else now, kept for the next request. Two
 * instances that sign at once both answer a list true from their time; the later write stays.
 */
async function signingTime(db: Db, family: string, list: number, encodedList: string, now: number): Promise<string> {
  const last = await db
    .selectFrom('credential_status_lists')
    .select(['encoded_list', 'signed_at'])
    .where('family', '=', family)
    .where('list', '=', list)
    .executeTakeFirst();
  if (last && last.encoded_list === encodedList && now - parseCst(last.signed_at) < LIST_RESIGN_AFTER) return last.signed_at;
  const signedAt = formatCst(now);
  await db
    .insertInto('credential_status_lists')
    .values({ family, list, encoded_list: encodedList, signed_at: signedAt })
    .onConflict((oc) => oc.columns(['family', 'list']).doUpdateSet({ encoded_list: encodedList, signed_at: signedAt }))
    .execute();
  return signedAt;
}

/**
 * List `list` of a family as a signed BitstringStatusListCredential, or undefined when no
 * record has a position in it yet. Dated by its signing (signingTime), so while its bits stay
 * the same within the hour it is the same text (an ETag holds); `ttl` tells how long it may be
 * kept before it is fetched again.
 */
export async function statusListCredential(
  db: Db,
  now: () => number,
  site: { base: string; issuer: string },
  family: StatusFamily,
  list: number,
): Promise<string | undefined> {
  const from = list * LIST_SIZE;
  const counter = await db.selectFrom('credential_status_counters').select('next_index').where('family', '=', family.name).executeTakeFirst();
  if (!counter || from >= Number(counter.next_index)) return undefined;
  const id = listUrl(site.base, family.name, list);
  const set = await fallen(db, family, from, from + LIST_SIZE);
  const encodedList = encodeList(set.map((p) => p - from));
  const signedAt = await signingTime(db, family.name, list, encodedList, now());
  return signCredential(
    db,
    now,
    site.base,
    {
      '@context': [VC_CONTEXT],
      id,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: issuerProfile(site.base, site.issuer),
      validFrom: w3cTime(signedAt),
      validUntil: w3cTime(formatCst(parseCst(signedAt) + LIST_VALIDITY)),
      credentialSubject: {
        id: `${id}#list`,
        type: 'BitstringStatusList',
        statusPurpose: STATUS_PURPOSE,
        encodedList,
        ttl: LIST_MAX_AGE * 1000,
      },
    },
    'vc+jwt',
  );
}
