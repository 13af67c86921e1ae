import { z } from 'zod';

/**
 * The shapes of the answers' Data, as zod schemas: the server's API document (OpenAPI) is
 * generated from them, the contract test checks every answer against that document, and the
 * DTO types the server writes and the web client reads are inferred from them, so the three
 * cannot drift apart. Each named shape carries its `id` (`.meta({ id })`): the document lists
 * it once under components/schemas. Nothing here validates a request.
 *
 * These modules are apart from ../schemas (the forms and queries, which the web app runs): the
 * browser imports their types only, never this code.
 */

/** A list page: `Data: { List, TotalCount }` (docs/api.md). */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ List: z.array(item), TotalCount: z.int() });

/** The values of a table of numeric codes (ApplyState and the like). */
export const codeOf = <T extends Record<string, number>>(codes: T) => z.literal(Object.values(codes) as T[keyof T][]);

/** The keys of a table of names (membershipTerms and the like). */
export const keyOf = <T extends Record<string, unknown>>(names: T) => z.enum(Object.keys(names) as [keyof T & string, ...(keyof T & string)[]]);

/** Exactly the same type (optional fields and all). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * The schema of a DTO type declared elsewhere (where its module is still changing hands):
 * `describes<CertRecordDto>()(z.object({…}))` compiles only while the two are the same shape.
 */
export const describes =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.infer<S>, T> extends true ? unknown : never)): S =>
    schema;
