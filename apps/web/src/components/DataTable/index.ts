export { DataTable, type DataTableProps, type PageState } from './DataTable';
export { usePagedList } from './usePagedList';
