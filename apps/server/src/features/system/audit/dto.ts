import { auditActionLabel, signInKinds, type AuditLogDto, type LoginLogDto } from '@portal/shared';
import type { AuditRecord } from './service.js';
import type { LoginLogRecord } from './login-log.js';

/** Wire shapes of packages/shared/src/schemas/system.ts and sign-ins.ts (spec §3 spellings). */

export const toAuditLogDto = (r: AuditRecord): AuditLogDto => ({
  Id: r.id,
  AdminId: r.adminId,
  Account: r.account,
  Action: r.action,
  ActionName: auditActionLabel(r.action),
  Target: r.target,
  TargetId: r.targetId,
  Ip: r.ip,
  Result: r.ok ? 1 : 0,
  Detail: r.detail,
  CreateTime: r.createdAt,
});

export const toLoginLogDto = (r: LoginLogRecord): LoginLogDto => ({
  Id: r.id,
  Kind: r.kind,
  KindName: signInKinds[r.kind],
  Account: r.account,
  Result: r.ok ? 1 : 0,
  Detail: r.detail,
  Ip: r.ip,
  UserAgent: r.userAgent,
  CreateTime: r.createdAt,
});
