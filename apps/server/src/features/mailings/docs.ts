/** OpenAPI grouping of the 会员通知 calls (their security follows from their guards: http/route-docs.ts). */
export const publicDocs = { tags: ['mailings'] };
export const adminDocs = { tags: ['mailings (back office)'] };
