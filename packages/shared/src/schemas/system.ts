import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import { newPassword, typedPassword, withoutAccount, withPasswordPolicy } from '../password-policy.js';
import { isPermission, permissionLabel, type Permission } from '../permissions.js';
import { integer, integerOr, landlinePattern, mobilePattern, optionalParam, pagingQuery } from './common.js';
export type { SystemMenuDto, LoginUserDto, RoleDto, AdminUserDto, AuditLogDto, CaptchaDto, DashboardDto } from '../dto/system.js';

/**
 * Wire shapes of the back-office system calls (/api/XfSystemApi/, spec §3 "Back-office menu",
 * "Role", "Current admin user info"). Field spelling follows the spec, including its lower-case
 * menu fields (menuname, visible, status, children) that the original client reads.
 */

/** MenuType 1 directory (layout group), 2 page (component path), 3 button (permission only). */
export type SystemMenuType = 1 | 2 | 3;

/**
 * Audit actions that are not a permission: sign-in events, refusals, and writes a list
 * permission allows whose log line must still say what was done.
 */
export const authAuditActions = {
  'auth:login': '登录',
  'auth:logout': '退出登录',
  'auth:password': '修改密码',
  'auth:memberLocked': '会员账号锁定',
  'auth:forbidden': '越权访问被拒绝',
  'member:propose:read': '标记建议已读',
  'message:transfer': '转办留言',
  'message:decline': '不予受理留言',
  'message:note': '留言内部备注',
  'auth:token': '接口令牌调用',
  'auth:totpOn': '开启二次验证',
  'auth:totpOff': '关闭二次验证',
  'auth:totpReset': '重置二次验证',
  'auth:recoveryCodes': '重新生成恢复码',
} as const;
export type AuditAction = Permission | keyof typeof authAuditActions;

export function auditActionLabel(action: string): string {
  return Object.hasOwn(authAuditActions, action) ? authAuditActions[action as keyof typeof authAuditActions] : permissionLabel(action);
}

/** Admin account names: letters, digits and underscores, 3–32 characters. */
export const adminAccountPattern = /^[A-Za-z0-9_]{3,32}$/;

const text = (required: string, field: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: systemMessages.tooLong(field, max) });
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: systemMessages.tooLong(field, max) })
    .default('');
/** The id of a Save* body: 0 or absent creates, otherwise updates. */
const saveId = integerOr(0, messages.badParameter, { min: 0 });
const bit = integer(systemMessages.statusInvalid, { min: 0, max: 1 });
const flag = (fallback: 0 | 1) => bit.default(fallback);
const sortNumber = integerOr(0, messages.badParameter, { min: 0, max: 999_999 });

/** POST Login: TreeCode is the captcha answer, FullName the captcha ticket (spec §3). */
export const adminLoginBody = z.object({
  Account: text(messages.accountRequired, '账号', 32),
  Password: typedPassword(messages.passwordRequired),
  TreeCode: text(messages.captchaRequired, '验证码', 10),
  FullName: z.string().trim().default(''),
});

/** POST EditAdminPwd (spec §5 password change). */
export const editAdminPwdBody = z
  .object({
    Password: typedPassword(messages.oldPasswordRequired),
    Newpwd: newPassword(messages.newPasswordRequired),
    againNewpwd: typedPassword(messages.confirmPasswordRequired),
  })
  .refine((b) => b.Newpwd === b.againNewpwd, { error: messages.passwordMismatch, path: ['againNewpwd'] });

export const saveSystemMenuBody = z
  .object({
    MenuId: saveId,
    ParentId: integerOr(0, messages.badParameter, { min: 0 }),
    MenuType: integer(systemMessages.menuTypeInvalid).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: systemMessages.menuTypeInvalid })),
    menuname: text(systemMessages.menuNameRequired, '菜单名称', 50),
    path: optionalText('路由地址', 200),
    component: optionalText('组件路径', 200),
    perms: optionalText('权限标识', 100),
    icon: optionalText('图标', 50),
    SortNumber: sortNumber,
    visible: flag(1),
    status: flag(1),
  })
  .superRefine((m, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (m.MenuType === 2 && !m.path) issue(systemMessages.menuPathRequired, 'path');
    if (m.MenuType === 2 && !m.component) issue(systemMessages.menuComponentRequired, 'component');
    if (m.MenuType === 3 && !m.perms) issue(systemMessages.menuPermsRequired, 'perms');
    if (m.perms && !isPermission(m.perms)) issue(systemMessages.menuPermsUnknown, 'perms');
  });
export type SaveSystemMenuBody = z.infer<typeof saveSystemMenuBody>;

export const systemMenuListQuery = z.object({
  /** 1: the whole tree for 菜单管理 (needs system:menu:list); otherwise the caller's own tree. */
  all: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});

export const saveRoleBody = z.object({
  RoleId: saveId,
  RoleName: text(systemMessages.roleNameRequired, '角色名称', 50),
  Remark: optionalText('备注', 200),
  Status: flag(1),
  /** Absent: an existing role keeps its setting, a new one does not require it (clients older than the setting). */
  RequireTotp: bit.optional(),
  /** 密码有效期 in days (0: none, the default); absent: the role keeps its setting. */
  PasswordMaxDays: integer(systemMessages.passwordMaxDaysInvalid, { min: 0, max: 3650 }).optional(),
  MenuIds: z.array(integer(messages.badParameter, { min: 1 })).default([]),
});
export type SaveRoleBody = z.infer<typeof saveRoleBody>;

export const saveAdminUserBody = withoutAccount(
  z.object({
    AdminId: saveId,
    Account: z
      .string({ error: messages.accountRequired })
      .trim()
      .min(1, { error: messages.accountRequired })
      .regex(adminAccountPattern, { error: systemMessages.accountInvalid }),
    FullName: text(systemMessages.fullNameRequired, '姓名', 50),
    Phone: z
      .string()
      .trim()
      .default('')
      .refine((p) => p === '' || mobilePattern.test(p) || landlinePattern.test(p), { error: messages.phoneInvalid }),
    RoleId: integer(systemMessages.roleRequired, { min: 1 }),
    Status: flag(1),
    /** Required when creating; on an update a non-empty value resets the password (system:admin:resetPwd). */
    Password: withPasswordPolicy(z.string()).default(''),
  }),
  'Password',
  'Account',
);
export type SaveAdminUserBody = z.infer<typeof saveAdminUserBody>;

export const adminUserListQuery = pagingQuery.extend({
  /** Part of an account or name. */
  key: z.string().trim().optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid });

export const auditLogListQuery = pagingQuery.extend({
  /** Part of the account. */
  account: z.string().trim().optional(),
  /** An exact action identifier, e.g. 'auth:login' or 'system:role:edit'. */
  action: z.string().trim().optional(),
  /** First and last CST day, both included. */
  start: optionalParam(day),
  end: optionalParam(day),
});
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;
