import type { PagingQuery } from '@portal/shared';
import type { PageState } from '../components/DataTable';

/**
 * A list call's query as a page sends it, derived from the shared schema's parsed shape `Q`
 * (z.output, the `XListQuery` types of @portal/shared) rather than written again here. Not
 * z.input: the schemas read numbers through z.preprocess (a query string's "2" is 2), so their
 * input type is `unknown` for every number and would let any value through. Filters are
 * optional (absent means any), except the `Sent` ones a page always gives (the list's kind,
 * the activity…); paging is the table's.
 */
export type ListQuery<Q extends PagingQuery, Sent extends keyof Q = never> = ListFilters<Q, Sent> & PageState;

/** The same without paging: what a search form holds and an export sends. */
export type ListFilters<Q extends PagingQuery, Sent extends keyof Q = never> = Partial<Omit<Q, keyof PagingQuery | Sent>> & Pick<Q, Sent>;
