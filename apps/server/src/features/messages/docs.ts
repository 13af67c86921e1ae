/** OpenAPI grouping of the 在线留言 calls (their security follows from their guards: http/route-docs.ts). */
export const publicDocs = { tags: ['messages'] };
export const adminDocs = { tags: ['messages (back office)'] };
