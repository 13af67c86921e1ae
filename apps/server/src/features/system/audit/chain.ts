import { createHmac } from 'node:crypto';
import { formatCst } from '@portal/shared';
import type { Insertable, Transaction } from 'kysely';
import type { ChainHash, Database } from '../../../db/connection.js';
import { lockKey } from '../../../db/key-lock.js';
import type { AuditLogsTable, DB, LoginLogsTable } from '../../../db/schema.js';

/**
 * 操作日志 and 登录日志 as keyed hash chains (等保 2.0 level 3: integrity of audit records). Each
 * row's `chain` is HMAC-SHA-256 (or HMAC-SM3) of (previous row's chain ‖ the row's own fields), the key kept
 * outside the database (db/chain-key.ts). Changing, inserting or deleting a row in the middle
 * breaks the link after it, and nobody without the key can forge the links again. Rows are
 * appended under a lock, so the chain's order is the ids' order on every instance.
 *
 * What it cannot tell: rows cut from the end (the last link is not kept elsewhere), and rows
 * written before the chain began (chain '', counted apart). Retention deletes the oldest rows
 * only as a prefix, keeping the last deleted row's link as the anchor the first remaining row is
 * checked against.
 */
export type ChainedLog = 'audit_logs' | 'login_logs';

/** The link before a log's first row. */
const GENESIS = '0'.repeat(64);

type Row = { audit_logs: Insertable<AuditLogsTable>; login_logs: Insertable<LoginLogsTable> };

/** The fields a link covers, in a fixed order (the id too: a row cannot be moved). */
const linkedFields: { [L in ChainedLog]: readonly (keyof DB[L] & string)[] } = {
  audit_logs: ['id', 'admin_id', 'account', 'action', 'target', 'target_id', 'ip', 'result', 'detail', 'created_at'],
  login_logs: ['id', 'kind', 'account', 'user_id', 'result', 'detail', 'ip', 'user_agent', 'created_at'],
};

/**
 * A row's link: HMAC-SHA-256 as bare hex, or HMAC-SM3 (AUDIT_CHAIN_HASH=sm3, where a 密评 asks for
 * 国密) as `sm3:` and base64url. Each link says its own algorithm, so a log switched from one to the other
 * is checked link by link, the older rows as they were written.
 */
function linkOf(key: Buffer, log: ChainedLog, previous: string, row: Record<string, unknown>, hash: ChainHash): string {
  const fields = linkedFields[log].map((name) => row[name] ?? null);
  const mac = createHmac(hash, key).update(previous).update('\n').update(JSON.stringify(fields));
  // base64url keeps the marked link within the column's 64 characters.
  return hash === 'sm3' ? `${SM3_MARK}${mac.digest('base64url')}` : mac.digest('hex');
}

const SM3_MARK = 'sm3:';
const hashOfLink = (chain: string): ChainHash => (chain.startsWith(SM3_MARK) ? 'sm3' : 'sha256');

/** The chain's lock, the same name on every instance. */
const lockName = (log: ChainedLog) => `log-chain:${log}`;

/** Appends a row to a chained log: its link is made from the last row's, under the log's lock. */
export async function appendChained<L extends ChainedLog>(database: Database, log: L, values: Row[L]): Promise<void> {
  const key = database.chainKey();
  await database.db.transaction().execute(async (trx) => {
    await lockKey(trx, database.engine, lockName(log));
    const previous = await lastLink(trx, log);
    // The id is part of the link: the row goes in first, its link is set once the id is known.
    // Both logs take their row as typed by `log`; Kysely cannot follow the pairing through the union.
    const { id } = await trx
      .insertInto(log as 'audit_logs')
      .values(values as Insertable<AuditLogsTable>)
      .returning('id')
      .executeTakeFirstOrThrow();
    const chain = linkOf(key, log, previous, { ...values, id }, database.chainHash);
    await trx
      .updateTable(log as 'audit_logs')
      .set({ chain })
      .where('id', '=', id)
      .execute();
  });
}

/** The link the next row follows: the last row's, else the anchor retention left, else the genesis. */
async function lastLink(trx: Transaction<DB>, log: ChainedLog): Promise<string> {
  const last = await trx.selectFrom(log).select('chain').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (last?.chain) return last.chain;
  return (await anchorOf(trx, log)) ?? GENESIS;
}

async function anchorOf(db: Transaction<DB> | Database['db'], log: ChainedLog): Promise<string | undefined> {
  return (await db.selectFrom('log_chain_anchors').select('chain').where('log', '=', log).executeTakeFirst())?.chain;
}

/**
 * Deletes the log's oldest rows written before `cutoff`, as a prefix of the chain: from the
 * first row up to, not including, the first row written at or after it (a row written later
 * under a clock set back stays, and so do the ones after it). The last deleted row's link
 * becomes the anchor. A batch at a time; answers how many went.
 */
export async function pruneChained(database: Database, log: ChainedLog, cutoff: string, now: number, batch: number): Promise<number> {
  const { db } = database;
  const firstKept = await db.selectFrom(log).select('id').where('created_at', '>=', cutoff).orderBy('id').limit(1).executeTakeFirst();
  let deleted = 0;
  for (;;) {
    const removed = await database.db.transaction().execute(async (trx) => {
      await lockKey(trx, database.engine, lockName(log));
      const rows = await trx
        .selectFrom(log)
        .select(['id', 'chain'])
        .$if(firstKept !== undefined, (q) => q.where('id', '<', firstKept?.id ?? 0))
        .orderBy('id')
        .limit(batch)
        .execute();
      const last = rows.at(-1);
      if (!last) return 0;
      await trx.deleteFrom(log).where('id', '<=', last.id).execute();
      if (last.chain)
        await trx
          .insertInto('log_chain_anchors')
          .values({ log, chain: last.chain, updated_at: formatCst(now) })
          .onConflict((oc) => oc.column('log').doUpdateSet({ chain: last.chain, updated_at: formatCst(now) }))
          .execute();
      return rows.length;
    });
    deleted += removed;
    if (removed < batch) return deleted;
  }
}

/** What checking a log found. */
export interface ChainCheck {
  log: ChainedLog;
  /** Rows whose link was checked. */
  checked: number;
  /** Rows from before the chain began (chain ''), at the start of the log: not checked. */
  unchained: number;
  /** The first row whose link does not follow: changed, or a row before it changed, inserted or deleted. */
  firstBroken?: { id: number; createdAt: string };
}

const CHECK_BATCH = 2000;

/** Walks the log in id order and recomputes every link; stops at the first that does not follow. */
export async function checkChain(database: Database, log: ChainedLog): Promise<ChainCheck> {
  const key = database.chainKey();
  const { db } = database;
  let previous = (await anchorOf(db, log)) ?? GENESIS;
  let checked = 0;
  let unchained = 0;
  let afterId: number | undefined;
  for (;;) {
    const rows = (await db
      .selectFrom(log)
      .selectAll()
      .$if(afterId !== undefined, (q) => q.where('id', '>', afterId ?? 0))
      .orderBy('id')
      .limit(CHECK_BATCH)
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const id = row.id as number;
      afterId = id;
      const chain = row.chain as string;
      // Rows written before the chain began lead the log; one after the first link is a break.
      if (chain === '' && checked === 0) {
        unchained++;
        continue;
      }
      if (chain !== linkOf(key, log, previous, row, hashOfLink(chain)))
        return { log, checked, unchained, firstBroken: { id, createdAt: row.created_at as string } };
      previous = chain;
      checked++;
    }
    if (rows.length < CHECK_BATCH) return { log, checked, unchained };
  }
}
