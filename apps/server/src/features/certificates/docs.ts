/** OpenAPI grouping of the certificate calls; the back office's name the token header. */
export const publicDocs = { tags: ['certificates'] };
export const adminDocs = { tags: ['certificates (back office)'], security: [{ token: [] }] };
