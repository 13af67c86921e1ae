import { formMessages } from '@portal/shared';

/** OpenAPI grouping of the form calls (their security follows from their guards: http/route-docs.ts). */
export const adminDocs = { tags: ['forms (back office)'] };
export const publicDocs = { tags: ['forms'] };

/** What the audit log names as the target of a form call. */
export const TARGET = '表单';

/** The 404 of a call naming a form, for the API document. */
export const formMissing = { 404: formMessages.notFound };
