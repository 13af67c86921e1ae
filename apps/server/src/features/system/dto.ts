import { auditActionLabel, type AdminUserDto, type AuditLogDto, type LoginUserDto, type RoleDto, type SystemMenuDto } from '@portal/shared';
import type { AdminPrincipal } from './access.js';
import type { AdminUser } from './admin-users.js';
import type { AuditRecord } from './audit.js';
import type { SystemMenu } from './menus.js';
import type { Role } from './roles.js';

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
});

export const toRoleDto = (r: Role): RoleDto => ({
  RoleId: r.id,
  RoleName: r.name,
  Remark: r.remark,
  Status: r.status,
  IsSuper: r.isSuper,
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
