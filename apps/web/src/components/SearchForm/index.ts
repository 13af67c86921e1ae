export { SearchForm, type SearchFormProps } from './SearchForm';
export type { SearchField, SearchValues, SelectOption } from './fields';
export { roleOptionsKey, useMenuOptions, useRoleOptions, useTypeOptions, type LookupOption } from './lookups';
