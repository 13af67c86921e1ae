import { queryOptions } from '@tanstack/react-query';
import { formsApi } from '../../api/forms';

/** The public forms' reads (see ../queries.ts). */
export const formQueries = {
  /** A form, survey or vote, and whether this caller may answer it now; not found is the page's answer. */
  publicForm: (formId: number) => queryOptions({ queryKey: ['publicForm', formId], queryFn: () => formsApi.publicForm(formId), retry: false }),
  /** Its counts, when they are open to this caller (GetPublicForm's ResultsOpen). */
  formResults: (formId: number) => queryOptions({ queryKey: ['formResults', formId], queryFn: () => formsApi.results(formId), retry: false }),
};
