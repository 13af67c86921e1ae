export { editingId, ListPage, useListPage, type Editing, type ListPageProps, type ListPageState } from './ListPage';
export { deleteAction, editAction, listResource, type ListResource, type RowAction } from './resource';
export { BatchDelete } from './BatchDelete';
export { RecordDialog } from './RecordDialog';
