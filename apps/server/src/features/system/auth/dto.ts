import { memberSessionScopes, type LoginUserDto, type OnlineSessionDto, type SignInKind } from '@portal/shared';
import type { AdminPrincipal } from './access.js';
import type { OnlineSession } from './online.js';

/** Wire shapes of packages/shared/src/schemas/system.ts and sign-ins.ts (spec §3 spellings). */

export const toLoginUserDto = (a: AdminPrincipal): LoginUserDto => ({
  AdminId: a.adminId,
  Account: a.account,
  FullName: a.fullName,
  RoleId: a.roleId,
  RoleName: a.roleName,
  IsSuper: a.isSuper,
  ButtonL: [...a.permissions].sort(),
  MustChangePwd: a.mustChangePassword,
  PasswordExpired: a.passwordExpired === true,
  TotpEnabled: a.secondFactorOn === true,
  TotpRequired: a.secondFactorRequired === true,
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
