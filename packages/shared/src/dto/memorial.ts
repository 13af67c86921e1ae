import { z } from 'zod';

export const memorialDayDto = z
  .object({
    Id: z.int(),
    /** China date yyyy-MM-dd, included. */
    StartDate: z.string(),
    /** China date yyyy-MM-dd, included. */
    EndDate: z.string(),
    /** MemorialScope: 1 仅首页, 2 全站. */
    Scope: z.int(),
    ScopeName: z.string(),
    Note: z.string(),
    CreateTime: z.string(),
    UpdateTime: z.string(),
  })
  .meta({ id: 'MemorialDayDto' });
export type MemorialDayDto = z.infer<typeof memorialDayDto>;
