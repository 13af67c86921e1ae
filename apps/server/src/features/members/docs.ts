/** OpenAPI grouping of the member area; calls that need a member or admin session also name the token header. */
export const publicDocs = { tags: ['members'] };
export const memberDocs = { tags: ['members'], security: [{ token: [] }] };
export const adminDocs = { tags: ['members (back office)'], security: [{ token: [] }] };
