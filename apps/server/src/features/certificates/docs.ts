/** OpenAPI grouping of the certificate calls (their security follows from their guards: http/route-docs.ts). */
export const publicDocs = { tags: ['certificates'] };
export const adminDocs = { tags: ['certificates (back office)'] };
