/** OpenAPI grouping of the member area (their security follows from their guards: http/route-docs.ts). */
export const publicDocs = { tags: ['members'] };
export const memberDocs = publicDocs;
export const adminDocs = { tags: ['members (back office)'] };
