import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Code, formatCst, messageBoardMessages, messages, queryCodeAlphabet, queryCodeLength } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/envelope.js';
import { dueTime } from './deadline.js';
import { recordConsent, type Consent } from '../privacy/consents.js';

/**
 * Where every message enters, from the 在线留言 page and the suggestion box alike: the 查询码,
 * the due time from the category's deadline, the per-address limit. Called inside the
 * caller's transaction holding the address's key (db/key-lock.ts), so requests arriving at
 * once on several instances are counted one after the other.
 */

/** A 查询码: `queryCodeLength` characters drawn uniformly (crypto) from an alphabet without look-alikes. */
export function newQueryCode(): string {
  let code = '';
  for (let i = 0; i < queryCodeLength; i++) code += queryCodeAlphabet[randomInt(queryCodeAlphabet.length)];
  return code;
}

/** The lock key of an address's messages: the suggestion box and the page share one limit. */
export const askerKey = (group: string) => `message:${group}`;

/** Messages (with suggestions) one address may leave in ten minutes (as the suggestion box always allowed). */
export const askLimit = { max: 5, windowMs: 10 * 60_000 } as const;

export interface Intake {
  categoryId: number;
  origin: 'web' | 'propose';
  subject: string;
  content: string;
  attachment?: string;
  askerName?: string;
  phone?: string;
  email?: string;
  memberId?: number | null;
  mayPublish?: boolean;
  /** The client's address, kept with the message. */
  ip: string;
  /** What the limit counts (http/client-address.ts): the IPv4 address, or the IPv6 /64. */
  group: string;
  /** The privacy consent given with it; null when a spec client sent none (SavePropose). */
  consent: Consent | null;
}

/**
 * The category of the suggestion box's messages: 建议, the second the migration made. It stays
 * theirs when staff rename or disable it (the box's contract does not change with the settings).
 */
export const SUGGESTION_CATEGORY = 2;

/** An enabled category (any, for the suggestion box) and its deadline; 400 otherwise. */
export async function openCategory(db: Kysely<DB>, id: number, anyState = false): Promise<{ id: number; deadlineDays: number }> {
  const row = await db
    .selectFrom('message_categories')
    .select(['id', 'deadline_days'])
    .where('id', '=', id)
    .$if(!anyState, (q) => q.where('status', '=', 1))
    .executeTakeFirst();
  if (!row) throw badRequest(messageBoardMessages.categoryUnknown);
  return { id: row.id, deadlineDays: row.deadline_days };
}

/** Counts the address's recent messages (429 past the limit) and stores the new one; answers its id and 查询码. */
export async function receiveMessage(database: Database, trx: Kysely<DB>, m: Intake, now: number): Promise<{ id: number; queryCode: string }> {
  const { n } = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_group', '=', m.group)
    .where('created_at', '>', formatCst(now - askLimit.windowMs))
    .executeTakeFirstOrThrow();
  if (Number(n) >= askLimit.max) throw new AppError(Code.TooMany, messages.tooManyRequests);
  const category = await openCategory(trx, m.categoryId, m.origin === 'propose');
  const at = formatCst(now);
  const queryCode = newQueryCode();
  const { id } = await trx
    .insertInto('messages')
    .values({
      query_code: queryCode,
      category_id: category.id,
      origin: m.origin,
      subject: m.subject,
      content: m.content,
      attachment: m.attachment ?? '',
      asker_name: m.askerName ?? '',
      phone: m.phone ?? '',
      email: m.email ?? '',
      member_id: m.memberId ?? null,
      may_publish: m.mayPublish ? 1 : 0,
      ip: m.ip,
      address_group: m.group,
      due_at: await dueTime(database, trx, at, category.deadlineDays),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordConsent(trx, m.consent, m.origin === 'propose' ? 'proposal' : 'message', id, m.memberId ?? null);
  return { id, queryCode };
}
