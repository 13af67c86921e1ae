import { z } from 'zod';

export const workdayDto = z
  .object({
    Id: z.int(),
    /** China date yyyy-MM-dd. */
    Date: z.string(),
    /** WorkdayKind: 1 休 (rest), 2 班 (a weekend day worked). */
    Kind: z.int(),
    KindName: z.string(),
    /** 春节, 国庆节 …; a 班 day names the holiday it makes up for. */
    Name: z.string(),
    CreateTime: z.string(),
    UpdateTime: z.string(),
  })
  .meta({ id: 'WorkdayDto' });
export type WorkdayDto = z.infer<typeof workdayDto>;
