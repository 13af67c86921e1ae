import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { backgroundCall, Code, codeMessages, systemMessages, twoFactorMessages, type AuditAction, type Permission } from '@portal/shared';
import { can, loadPrincipal, type AdminPrincipal } from './access.js';
import { writeAudit } from '../audit/service.js';
import { isApiToken, loadTokenPrincipal } from '../api-tokens/service.js';
import { AppError } from '../../../http/envelope.js';
import { documentGuard } from '../../../http/guard-docs.js';
import { PRIVATE_ANSWER } from '../../../http/security-headers.js';
import { requestToken } from '../../../http/request-token.js';

/**
 * The guard of every back-office call (/api/XfSystemApi and /api/XfSysBussiness), for both
 * kinds of admin credential in header `token`: a signed-in admin's session, or an API token
 * (features/api-tokens) acting with its role's permissions:
 *
 *   app.get('/GetRoleList', { onRequest: requireAdmin('system:role:list'), schema }, handler)
 *
 * It runs before the body is read or validated: no admin session (missing, expired, revoked
 * or a member's token) answers Code 402; a session without the permission answers Code 403.
 * A call sent with header `X-Background: 1` (a page polling on a timer) is checked the same
 * way but does not count as the admin's activity: it does not put off the idle end.
 * Handlers then read the caller with currentAdmin(request), and perform writes through
 * adminWrite so each one is permission-checked and audited.
 */

const principals = new WeakMap<FastifyRequest, AdminPrincipal>();

/** Code 402 says of the admin session what Code 401 says of the member's (spec §8), in the same words. */
export const adminSessionRequired = () => new AppError(Code.AdminSession, codeMessages[401]);

/**
 * An onRequest hook admitting admins that hold any one of the given permissions (none given:
 * any signed-in admin). Save* calls pass both their add and edit permissions here and let
 * adminWrite check the one that applies once the body says which.
 */
export function requireAdmin(...anyOf: Permission[]): onRequestAsyncHookHandler {
  return adminGuard(anyOf, []);
}

/**
 * The guard of the calls an admin whose password must change can still make (who am I, change
 * my password): every other call answers Code 403 until the password is changed, so a
 * generated or reset password opens nothing but its own replacement.
 */
export function requireAdminPendingPassword(): onRequestAsyncHookHandler {
  return adminGuard([], ['password']);
}

/**
 * The guard of enrolling a second factor (BeginTotp, ConfirmTotp): also open to an admin whose
 * role requires one they have not turned on, to whom every other call answers Code 403. An API
 * token never signs in, so it has no second factor to enrol: Code 403 saying so.
 */
export function requireAdminPendingSecondFactor(): onRequestAsyncHookHandler {
  return adminGuard([], ['secondFactor'], twoFactorMessages.notForApiTokens);
}

/** The guard of turning one's own second factor off (DisableTotp): any signed-in admin; an API token, which has none, Code 403. */
export function requireAdminOwnSecondFactor(): onRequestAsyncHookHandler {
  return adminGuard([], [], twoFactorMessages.notForApiTokens);
}

/** The guard of GetLoginUser: open whatever the admin must do first, so the client can show that step. */
export function requireAdminAnyPending(): onRequestAsyncHookHandler {
  return adminGuard([], ['password', 'secondFactor']);
}

/** What a signed-in admin must do before the back office opens, one at a time: the password first. */
type Pending = 'password' | 'secondFactor';
const pendingMessages: Record<Pending, string> = { password: systemMessages.mustChangePassword, secondFactor: twoFactorMessages.requiredByRole };

function pendingStep(admin: AdminPrincipal): Pending | null {
  if (admin.mustChangePassword) return 'password';
  if (admin.secondFactorRequired && !admin.secondFactorOn) return 'secondFactor';
  return null;
}

/** `refuseApiTokens`: the call is about a signed-in admin's own account, which an API token lacks; its refusal. */
function adminGuard(anyOf: Permission[], admitPending: readonly Pending[], refuseApiTokens?: string): onRequestAsyncHookHandler {
  const guard: onRequestAsyncHookHandler = async function adminGuard(request, reply) {
    void reply.header('cache-control', PRIVATE_ANSWER);
    const { database, config, now } = request.server.services;
    const token = requestToken(request);
    const admin = !token
      ? null
      : isApiToken(token)
        ? await loadTokenPrincipal(database, token, now(), { call: `${request.method} ${request.routeOptions.url ?? request.url}`, ip: request.clientAddress })
        : await loadPrincipal(database, token, now(), config.adminSession, isBackground(request) ? 'background' : 'action');
    if (!admin) throw adminSessionRequired();
    if (refuseApiTokens && admin.apiTokenId !== undefined) throw new AppError(Code.Forbidden, refuseApiTokens);
    principals.set(request, admin);
    const pending = pendingStep(admin);
    if (pending && !admitPending.includes(pending))
      throw new AppError(Code.Forbidden, admin.passwordExpired && pending === 'password' ? systemMessages.passwordExpired : pendingMessages[pending]);
    if (anyOf.length > 0) await refuseUnlessAny(request, admin, anyOf);
  };
  // The route list says which route needs what (http/guard-docs.ts).
  return documentGuard(guard, { 'x-admin-permissions': anyOf });
}

/** A call the page made by itself on a timer rather than at the admin's hand (packages/shared backgroundCall). */
const isBackground = (request: FastifyRequest) => request.headers[backgroundCall.header] === backgroundCall.value;

/** The admin admitted by requireAdmin; a route without the guard is a programming error. */
export function currentAdmin(request: FastifyRequest): AdminPrincipal {
  const admin = principals.get(request);
  if (!admin) throw new Error(`route ${request.routeOptions.url ?? request.url} reads the admin without requireAdmin`);
  return admin;
}

/** The admin admitted by requireAdmin, if they hold any one of the permissions; Code 403 otherwise. */
export async function requirePermission(request: FastifyRequest, ...anyOf: [Permission, ...Permission[]]): Promise<AdminPrincipal> {
  const admin = currentAdmin(request);
  await refuseUnlessAny(request, admin, anyOf);
  return admin;
}

/** Code 403, written to the audit log first: who tried which call, from where. */
async function refuseUnlessAny(request: FastifyRequest, admin: AdminPrincipal, anyOf: readonly Permission[]): Promise<void> {
  if (anyOf.some((p) => can(admin, p))) return;
  const { database, now } = request.server.services;
  const call = `${request.method} ${request.routeOptions.url ?? request.url}`;
  await writeAudit(
    database,
    {
      adminId: admin.adminId,
      account: admin.account,
      action: 'auth:forbidden',
      ip: request.clientAddress,
      ok: false,
      detail: `${call}（需要：${anyOf.join('、')}）`,
    },
    now(),
  );
  throw new AppError(Code.Forbidden);
}

export interface AdminWrite<T> {
  /** The permission the write needs; recorded as the audit action unless `auditAs` names another. */
  action: Permission;
  /** The audit action when the permission's name would not say what was done (标记已读 under a list permission). */
  auditAs?: AuditAction;
  /** The kind of record, e.g. 角色. */
  target: string;
  /** The record written; a function of the result for a record the write creates. */
  targetId?: number | string | ((result: T) => number | string);
  /** What to note on success, e.g. the record's name. */
  detail?: (result: T) => string;
}

/**
 * Runs one back-office write: checks its permission (Code 403, audited as auth:forbidden),
 * runs it and records the outcome in the audit log, refusals and failures included.
 */
export async function adminWrite<T>(request: FastifyRequest, what: AdminWrite<T>, write: () => Promise<T>): Promise<T> {
  const admin = await requirePermission(request, what.action);
  const { database, now } = request.server.services;
  const record = (ok: boolean, targetId: number | string | undefined, detail: string) =>
    writeAudit(
      database,
      {
        adminId: admin.adminId,
        account: admin.account,
        action: what.auditAs ?? what.action,
        target: what.target,
        targetId,
        ip: request.clientAddress,
        ok,
        detail,
      },
      now(),
    );
  let result: T;
  try {
    result = await write();
  } catch (error) {
    const targetId = typeof what.targetId === 'function' ? undefined : what.targetId;
    await record(false, targetId, error instanceof AppError ? error.message : codeMessages.default);
    throw error;
  }
  await record(true, typeof what.targetId === 'function' ? what.targetId(result) : what.targetId, what.detail?.(result) ?? '');
  return result;
}
