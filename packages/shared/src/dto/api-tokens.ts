import { z } from 'zod';

export const apiTokenDto = z
  .object({
    TokenId: z.int(),
    Name: z.string(),
    RoleId: z.int(),
    RoleName: z.string(),
    Remark: z.string(),
    /** The admin account that created it, or 命令行 (the operator CLI). */
    CreatedBy: z.string(),
    CreateTime: z.string(),
    /** '' when never used. */
    LastUsedTime: z.string(),
    /** '' while the token is valid. */
    RevokeTime: z.string(),
  })
  .meta({ id: 'ApiTokenDto' });
export type ApiTokenDto = z.infer<typeof apiTokenDto>;

/** SaveApiToken's answer: the token itself, shown this once (only its hash is stored). */
export const apiTokenCreatedDto = z.object({ TokenId: z.int(), Name: z.string(), Token: z.string() }).meta({ id: 'ApiTokenCreatedDto' });
export type ApiTokenCreatedDto = z.infer<typeof apiTokenCreatedDto>;
