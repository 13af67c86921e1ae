/** OpenAPI grouping of contributions: the member's calls and the back office's review (security: http/route-docs.ts). */
export const memberDocs = { tags: ['contributions'] };
export const adminDocs = { tags: ['contributions (back office)'] };

/** The audit log's target of 投稿审核's calls. */
export const CONTRIBUTION = '投稿';
