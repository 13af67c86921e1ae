import type { RoleDto } from '@portal/shared';
import type { Role } from './service.js';

/** Wire shape of packages/shared/src/schemas/system.ts (spec §3 spellings). */
export const toRoleDto = (r: Role): RoleDto => ({
  RoleId: r.id,
  RoleName: r.name,
  Remark: r.remark,
  Status: r.status,
  IsSuper: r.isSuper,
  RequireTotp: r.requiresSecondFactor ? 1 : 0,
  PasswordMaxDays: r.passwordMaxDays,
  MenuIds: r.menuIds,
  CreateTime: r.createdAt,
});
