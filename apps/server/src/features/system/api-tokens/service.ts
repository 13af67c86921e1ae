import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCst, systemMessages, type PagingQuery } from '@portal/shared';
import type { Database } from '../../../db/connection.js';
import type { DB } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { badRequest, notFound } from '../../../http/envelope.js';
import { pageWindow } from '../../../http/paging.js';
import { roleGrants, type AdminPrincipal } from '../auth/access.js';
import { writeAudit } from '../audit/service.js';
import { hashToken } from '../auth/sessions.js';

/**
 * API tokens: long-lived back-office credentials for integrations (an exam system, a script),
 * a second kind of admin credential beside sessions. Each is bound to one role and acts with
 * that role's permissions as they are at each call; it is shown once at creation and stored
 * only as its sha256; it never expires but can be revoked; every call made with it is written
 * to the audit log under `token:<name>`. Tokens start with `apt_`, so the admin guard knows
 * which table to look in without a second lookup.
 */
export const API_TOKEN_PREFIX = 'apt_';

/** last_used_at is rewritten at most this often, as with admin sessions. */
const TOUCH_EVERY_MS = 60_000;

/** The audit log's account for calls made with a token. */
export const tokenAccount = (name: string) => `token:${name}`;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

export interface ApiToken {
  id: number;
  name: string;
  roleId: number;
  roleName: string;
  remark: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string;
  revokedAt: string;
}

export interface NewApiToken {
  name: string;
  roleId: number;
  remark?: string;
  /** An admin account, or 命令行. */
  createdBy: string;
}

/** Creates a token; answers it with its secret, which nothing can show again. */
export async function createApiToken({ db }: Database, input: NewApiToken, now: number): Promise<{ id: number; name: string; token: string }> {
  const role = await db.selectFrom('roles').select(['id', 'status']).where('id', '=', input.roleId).executeTakeFirst();
  if (!role) throw badRequest(systemMessages.roleNotFound);
  if (role.status !== 1) throw badRequest(systemMessages.tokenRoleInactive);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  try {
    const { id } = await db
      .insertInto('api_tokens')
      .values({
        name: input.name,
        token_hash: hashToken(token),
        role_id: input.roleId,
        remark: input.remark ?? '',
        created_by: input.createdBy,
        created_at: formatCst(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name: input.name, token };
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(systemMessages.tokenNameTaken);
    throw error;
  }
}

/** Newest first, revoked ones included (marked), paged in SQL. */
export async function listApiTokens(db: Kysely<DB>, paging: PagingQuery): Promise<{ items: ApiToken[]; total: number }> {
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    db
      .selectFrom('api_tokens')
      .leftJoin('roles', 'roles.id', 'api_tokens.role_id')
      .select([
        'api_tokens.id',
        'api_tokens.name',
        'api_tokens.role_id',
        'roles.name as role_name',
        'api_tokens.remark',
        'api_tokens.created_by',
        'api_tokens.created_at',
        'api_tokens.last_used_at',
        'api_tokens.revoked_at',
      ])
      .orderBy('api_tokens.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      roleId: r.role_id,
      roleName: r.role_name ?? '',
      remark: r.remark,
      createdBy: r.created_by,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    })),
  };
}

/** Revokes a token (by id or by name); answers its name. Revoking a revoked token changes nothing. */
export async function revokeApiToken({ db }: Database, which: { id: number } | { name: string }, now: number): Promise<string> {
  const query = db.selectFrom('api_tokens').select(['id', 'name', 'revoked_at']);
  const row = await ('id' in which ? query.where('id', '=', which.id) : query.where('name', '=', which.name)).executeTakeFirst();
  if (!row) throw notFound(systemMessages.tokenNotFound);
  if (!row.revoked_at)
    await db
      .updateTable('api_tokens')
      .set({ revoked_at: formatCst(now) })
      .where('id', '=', row.id)
      .execute();
  return row.name;
}

export interface TokenUse {
  /** `GET /api/…`, for the audit log. */
  call: string;
  ip: string;
}

/**
 * The principal of an API token, or null when it is unknown or revoked or its role is gone.
 * Each admitted call is audited under the token's name.
 */
export async function loadTokenPrincipal(database: Database, token: string, now: number, use: TokenUse): Promise<AdminPrincipal | null> {
  const { db } = database;
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'role_id', 'last_used_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const role = await roleGrants(db, row.role_id);
  if (!role) return null;
  if (row.last_used_at < formatCst(now - TOUCH_EVERY_MS)) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: formatCst(now) })
      .where('id', '=', row.id)
      .execute();
  }
  const account = tokenAccount(row.name);
  await writeAudit(
    database,
    { adminId: null, account, action: 'auth:token', target: '接口令牌', targetId: row.id, ip: use.ip, ok: true, detail: use.call },
    now,
  );
  // adminId 0 matches no administrator: "yourself" rules (own role, own account) never apply to a token.
  return { sessionId: 0, adminId: 0, account, fullName: row.name, ...role, mustChangePassword: false, apiTokenId: row.id };
}
