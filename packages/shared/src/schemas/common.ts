import { z } from 'zod';
import { numberInput, paging } from '../constants.js';
import { contentMessages, messages, systemMessages } from '../messages.js';

// Every schema module imports this one, so this runs before any schema is used. In the browser
// our Content-Security-Policy forbids eval: zod's compiled parsers (and its probe for eval, which
// the browser reports as a violation) stay off there. The server keeps them.
if (typeof document !== 'undefined') z.config({ jitless: true });

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

/**
 * Fields of the back-office Save* bodies. Ids: 0 or absent creates, a positive id updates;
 * texts are trimmed and refused past their column's length with 「字段不能超过N个字」.
 */
export const saveIdField = z.coerce.number({ error: messages.badParameter }).int({ error: messages.badParameter }).min(0, { error: messages.badParameter }).default(0);
export const requiredText = (required: string, field: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: systemMessages.tooLong(field, max) });
export const optionalText = (field: string, max: number) => z.string().trim().max(max, { error: systemMessages.tooLong(field, max) }).default('');
/** A 0/1 switch (Status: 1 enabled). */
export const flagField = (fallback: 0 | 1) =>
  z.coerce
    .number({ error: systemMessages.statusInvalid })
    .int({ error: systemMessages.statusInvalid })
    .min(0, { error: systemMessages.statusInvalid })
    .max(1, { error: systemMessages.statusInvalid })
    .default(fallback);
/** Display order: an integer within the spec's number-input range (§9: 0 to 999999). */
export const sortNumberField = z.coerce
  .number({ error: contentMessages.sortNumberInvalid })
  .int({ error: contentMessages.sortNumberInvalid })
  .min(numberInput.min, { error: contentMessages.sortNumberInvalid })
  .max(numberInput.max, { error: contentMessages.sortNumberInvalid })
  .default(0);
/** A yes/no the spec sends as bool; 0/1 and 'true'/'false' are taken too. */
export const boolField = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: messages.badParameter })).default(false);
