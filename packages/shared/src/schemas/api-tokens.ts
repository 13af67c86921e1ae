import { z } from 'zod';
import { systemMessages } from '../messages.js';
import { integer, optionalText } from './common.js';

/**
 * API tokens (系统管理 → 接口令牌): long-lived back-office credentials for integrations, each bound
 * to one role, sent in header `token` like an admin session. Names are plain identifiers so
 * they read well in the audit log and on the command line (`token revoke <name>`).
 */
export const apiTokenNamePattern = /^[A-Za-z0-9_.-]{1,50}$/;

export const saveApiTokenBody = z.object({
  Name: z
    .string({ error: systemMessages.tokenNameRequired })
    .trim()
    .min(1, { error: systemMessages.tokenNameRequired })
    .regex(apiTokenNamePattern, { error: systemMessages.tokenNameInvalid }),
  RoleId: integer(systemMessages.roleRequired, { min: 1 }),
  Remark: optionalText('备注', 200),
});
export type SaveApiTokenBody = z.infer<typeof saveApiTokenBody>;

export interface ApiTokenDto {
  TokenId: number;
  Name: string;
  RoleId: number;
  RoleName: string;
  Remark: string;
  /** The admin account that created it, or 命令行 (the operator CLI). */
  CreatedBy: string;
  CreateTime: string;
  /** '' when never used. */
  LastUsedTime: string;
  /** '' while the token is valid. */
  RevokeTime: string;
}

/** SaveApiToken's answer: the token itself, shown this once (only its hash is stored). */
export interface ApiTokenCreatedDto {
  TokenId: number;
  Name: string;
  Token: string;
}
