/** OpenAPI grouping of the activity calls. */
export const adminDocs = { tags: ['activities (back office)'], security: [{ token: [] }] };
export const memberDocs = { tags: ['activities'], security: [{ token: [] }] };
