import {
  auditActionLabel,
  memberSessionScopes,
  signInKinds,
  type AdminUserDto,
  type AuditLogDto,
  type LoginLogDto,
  type LoginUserDto,
  type OnlineSessionDto,
  type RoleDto,
  type SignInKind,
  type SystemMenuDto,
} from '@portal/shared';
import type { AdminPrincipal } from './auth/access.js';
import type { AdminUser } from './admin-users/service.js';
import type { AuditRecord } from './audit/service.js';
import type { LoginLogRecord } from './audit/login-log.js';
import type { SystemMenu } from './menus/service.js';
import type { OnlineSession } from './auth/online.js';
import type { Role } from './roles/service.js';

/** Wire shapes of packages/shared/src/schemas/system.ts (spec §3 spellings). */

export const toSystemMenuDto = (m: SystemMenu): SystemMenuDto => ({
  MenuId: m.id,
  ParentId: m.parentId,
  MenuType: m.menuType,
  menuname: m.name,
  path: m.path,
  component: m.component,
  perms: m.perms,
  icon: m.icon,
  SortNumber: m.sortNumber,
  visible: m.visible,
  status: m.status,
  children: m.children.map(toSystemMenuDto),
});

export const toLoginUserDto = (a: AdminPrincipal): LoginUserDto => ({
  AdminId: a.adminId,
  Account: a.account,
  FullName: a.fullName,
  RoleId: a.roleId,
  RoleName: a.roleName,
  IsSuper: a.isSuper,
  ButtonL: [...a.permissions].sort(),
  MustChangePwd: a.mustChangePassword,
  TotpEnabled: a.secondFactorOn === true,
  TotpRequired: a.secondFactorRequired === true,
});

export const toRoleDto = (r: Role): RoleDto => ({
  RoleId: r.id,
  RoleName: r.name,
  Remark: r.remark,
  Status: r.status,
  IsSuper: r.isSuper,
  RequireTotp: r.requiresSecondFactor ? 1 : 0,
  MenuIds: r.menuIds,
  CreateTime: r.createdAt,
});

export const toAdminUserDto = (a: AdminUser): AdminUserDto => ({
  AdminId: a.id,
  Account: a.account,
  FullName: a.fullName,
  Phone: a.phone,
  RoleId: a.roleId,
  RoleName: a.roleName,
  Status: a.status,
  LastLoginTime: a.lastLoginAt,
  CreateTime: a.createdAt,
});

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

/** `currentSessionId`: the caller's own admin session, marked so the page offers no 强制下线 on it. */
export const toOnlineSessionDto = (kind: SignInKind, s: OnlineSession, currentSessionId: number): OnlineSessionDto => ({
  SessionId: s.sessionId,
  Kind: kind,
  Account: s.account,
  Name: s.name,
  RoleName: kind === 'admin' ? s.role : (memberSessionScopes[s.role] ?? s.role),
  Ip: s.ip,
  UserAgent: s.userAgent,
  LoginTime: s.createdAt,
  LastActiveTime: s.lastSeenAt,
  ExpireTime: s.expiresAt,
  Current: kind === 'admin' && s.sessionId === currentSessionId,
});
