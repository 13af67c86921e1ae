import { z } from 'zod';

export const systemMenuDto = z
  .object({
    MenuId: z.int(),
    ParentId: z.int(),
    /** 1 directory, 2 page, 3 button. */
    MenuType: z.literal([1, 2, 3]),
    menuname: z.string(),
    /** Route path segment, e.g. 'system/role'. */
    path: z.string(),
    /** View key in the client's static component map, e.g. 'system/role/index'. */
    component: z.string(),
    /** Permission identifier from the shared registry (pages and buttons). */
    perms: z.string(),
    icon: z.string(),
    SortNumber: z.int(),
    visible: z.int(),
    status: z.int(),
    get children() {
      return z.array(systemMenuDto);
    },
  })
  .meta({ id: 'SystemMenuDto' });
export type SystemMenuDto = z.infer<typeof systemMenuDto>;

export const loginUserDto = z
  .object({
    AdminId: z.int(),
    Account: z.string(),
    FullName: z.string(),
    RoleId: z.int(),
    RoleName: z.string(),
    IsSuper: z.boolean(),
    /** Permitted button/page identifiers (spec §6 button-permission directive). */
    ButtonL: z.array(z.string()),
    /** The password was chosen by someone else (first start, CLI reset): change it before anything else. */
    MustChangePwd: z.boolean(),
    /** Why MustChangePwd: the role's 密码有效期 ran out (not an initial password). */
    PasswordExpired: z.boolean(),
    /** The admin's second factor (authenticator app) is on. */
    TotpEnabled: z.boolean(),
    /** Their role requires it: until it is on, only enrolment is open. */
    TotpRequired: z.boolean(),
  })
  .meta({ id: 'LoginUserDto' });
export type LoginUserDto = z.infer<typeof loginUserDto>;

export const roleDto = z
  .object({
    RoleId: z.int(),
    RoleName: z.string(),
    Remark: z.string(),
    Status: z.int(),
    IsSuper: z.boolean(),
    /** 1: the role's admins must turn the second factor on. */
    RequireTotp: z.int(),
    /** 密码有效期 of the role's admins in days; 0: no expiry. */
    PasswordMaxDays: z.int(),
    /** Granted system menu ids (directories, pages and buttons). */
    MenuIds: z.array(z.int()),
    CreateTime: z.string(),
  })
  .meta({ id: 'RoleDto' });
export type RoleDto = z.infer<typeof roleDto>;

export const adminUserDto = z
  .object({
    AdminId: z.int(),
    Account: z.string(),
    FullName: z.string(),
    Phone: z.string(),
    RoleId: z.int(),
    RoleName: z.string(),
    Status: z.int(),
    LastLoginTime: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'AdminUserDto' });
export type AdminUserDto = z.infer<typeof adminUserDto>;

export const auditLogDto = z
  .object({
    Id: z.int(),
    AdminId: z.int().nullable(),
    Account: z.string(),
    Action: z.string(),
    Target: z.string(),
    TargetId: z.string(),
    Ip: z.string(),
    /** Chinese name of Action (a permission label or a sign-in event). */
    ActionName: z.string(),
    /** 1 success, 0 failure. */
    Result: z.int(),
    Detail: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'AuditLogDto' });
export type AuditLogDto = z.infer<typeof auditLogDto>;

/** CheckLogChains: what recomputing one log's hash chain found. */
export const logChainCheckDto = z
  .object({
    /** audit_logs (操作日志) or login_logs (登录日志). */
    Log: z.string(),
    LogName: z.string(),
    /** Records whose link was recomputed and found right, up to the first broken one. */
    Checked: z.int(),
    /** Records from before the chain began (kept from an earlier version): not checked. */
    Unchained: z.int(),
    /** The first record whose link does not follow (0: none, the log is intact). */
    FirstBrokenId: z.int(),
    FirstBrokenTime: z.string(),
  })
  .meta({ id: 'LogChainCheckDto' });
export type LogChainCheckDto = z.infer<typeof logChainCheckDto>;

/** GetCode's answer: the envelope carries the ticket in Url, beside Data. */
export const captchaFields = {
  /** Captcha image as a data URL (envelope Data). */
  Data: z.string(),
  /** One-time ticket (envelope Url), sent back as FullName on Login. */
  Url: z.string(),
};
export type CaptchaDto = z.infer<z.ZodObject<typeof captchaFields>>;

/** GetDashboard (our addition): the figures of the 工作台 page. */
export const dashboardDto = z
  .object({
    /** The last 30 CST days, oldest first, days without visits included with 0. */
    Visits: z.array(z.object({ Day: z.string(), Count: z.int() })),
    TotalVisits: z.int(),
    /** Published articles. */
    ArticleCount: z.int(),
    /** Approved members; null for an admin without 会员列表 (member:list), who is not shown member figures. */
    MemberCount: z.int().nullable(),
    /** Applications waiting; null without member:list. */
    PendingApplicationCount: z.int().nullable(),
    /** Member contributions waiting for review; null without 投稿审核's list (member:contribution:list). */
    PendingContributionCount: z.int().nullable(),
    /** Newest audit entries: everyone's with system:audit:list, otherwise the admin's own. */
    RecentAudit: z.array(auditLogDto),
    /** Yesterday's page views and visitors (访问统计); null for an admin without stats:visits. */
    Yesterday: z.object({ Views: z.int(), Visitors: z.int() }).nullable(),
  })
  .meta({ id: 'DashboardDto' });
export type DashboardDto = z.infer<typeof dashboardDto>;
