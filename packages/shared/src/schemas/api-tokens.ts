import { z } from 'zod';
import { systemMessages } from '../messages/index.js';
import { integer, optionalText } from './common.js';
export type { ApiTokenDto, ApiTokenCreatedDto } from '../dto/api-tokens.js';

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
