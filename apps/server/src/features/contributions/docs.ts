/** OpenAPI grouping of contributions: the member's calls and the back office's review. */
export const memberDocs = { tags: ['contributions'], security: [{ token: [] }] };
export const adminDocs = { tags: ['contributions (back office)'], security: [{ token: [] }] };
