/**
 * Wire shapes of the back-office system calls (/api/XfSystemApi/, spec §3 "Back-office menu",
 * "Role", "Current admin user info"). Field spelling follows the spec, including its lower-case
 * menu fields (menuname, visible, status, children) that the original client reads.
 */

/** MenuType 1 directory (layout group), 2 page (component path), 3 button (permission only). */
export type SystemMenuType = 1 | 2 | 3;

export interface SystemMenuDto {
  MenuId: number;
  ParentId: number;
  MenuType: SystemMenuType;
  menuname: string;
  /** Route path segment, e.g. 'system/role'. */
  path: string;
  /** View key in the client's static component map, e.g. 'system/role/index'. */
  component: string;
  /** Permission identifier from the shared registry (pages and buttons). */
  perms: string;
  icon: string;
  SortNumber: number;
  visible: number;
  status: number;
  children: SystemMenuDto[];
}

export interface LoginUserDto {
  AdminId: number;
  Account: string;
  FullName: string;
  RoleId: number;
  RoleName: string;
  IsSuper: boolean;
  /** Permitted button/page identifiers (spec §6 button-permission directive). */
  ButtonL: string[];
}

export interface RoleDto {
  RoleId: number;
  RoleName: string;
  Remark: string;
  Status: number;
  IsSuper: boolean;
  /** Granted system menu ids (directories, pages and buttons). */
  MenuIds: number[];
  CreateTime: string;
}

export interface AdminUserDto {
  AdminId: number;
  Account: string;
  FullName: string;
  Phone: string;
  RoleId: number;
  RoleName: string;
  Status: number;
  LastLoginTime: string;
  CreateTime: string;
}

export interface AuditLogDto {
  Id: number;
  AdminId: number | null;
  Account: string;
  Action: string;
  Target: string;
  TargetId: string;
  Ip: string;
  /** 1 success, 0 failure. */
  Result: number;
  Detail: string;
  CreateTime: string;
}

export interface CaptchaDto {
  /** Captcha image as a data URL (envelope Data). */
  Data: string;
  /** One-time ticket (envelope Url), sent back as FullName on Login. */
  Url: string;
}
