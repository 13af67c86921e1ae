/** OpenAPI grouping of the 短信 calls (their security follows from their guards: http/route-docs.ts). */
export const smsDocs = { tags: ['sms (back office)'] };
