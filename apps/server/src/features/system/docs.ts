/** OpenAPI grouping of the system calls; those behind requireAdmin also name the token header. */
export const publicDocs = { tags: ['system'] };
export const adminDocs = { tags: ['system'], security: [{ token: [] }] };
