/** OpenAPI grouping of the election calls (their security follows from their guards: http/route-docs.ts). */
export const adminDocs = { tags: ['elections (back office)'] };
export const memberDocs = { tags: ['elections'] };
