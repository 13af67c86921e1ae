import type { AdminUserDto } from '@portal/shared';
import type { AdminUser } from './service.js';

/** Wire shape of packages/shared/src/schemas/system.ts (spec §3 spellings). */
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
