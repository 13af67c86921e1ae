/** OpenAPI grouping of the system calls (their security follows from their guards: http/route-docs.ts). */
export const publicDocs = { tags: ['system'] };
export const adminDocs = publicDocs;
