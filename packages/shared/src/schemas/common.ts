import { z } from 'zod';
import { paging } from '../constants.js';
import { messages } from '../messages.js';

/** Empty strings from query strings count as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An integer query parameter; a malformed one is refused with 参数错误 rather than ignored. */
export const intParam = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: messages.badParameter }).int({ error: messages.badParameter }),
);
export const idParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: messages.badParameter })
    .int({ error: messages.badParameter })
    .min(1, { error: messages.badParameter })
    .max(2_147_483_647, { error: messages.badParameter }),
);

/** An optional query parameter: absent or blank means not given; anything else must parse. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const pagingQuery = z.object({
  pageindex: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: messages.badParameter }).int({ error: messages.badParameter }).min(1).default(paging.firstPage),
  ).catch(paging.firstPage),
  pagesize: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: messages.badParameter }).int({ error: messages.badParameter }).min(1).default(paging.defaultSize),
  )
    .catch(paging.defaultSize)
    .transform((n) => Math.min(n, paging.maxSize)),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const trimmed = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string());

/** Mobile phone of spec §5: 11 digits, 1 then 3–9. */
export const mobilePattern = /^1[3-9]\d{9}$/;
/** Landline with optional area code and extension (spec §5). */
export const landlinePattern = /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/;
