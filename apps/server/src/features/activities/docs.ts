/** OpenAPI grouping of the activity calls (their security follows from their guards: http/route-docs.ts). */
export const adminDocs = { tags: ['activities (back office)'] };
export const memberDocs = { tags: ['activities'] };
