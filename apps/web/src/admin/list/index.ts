export { actionsColumn, AddButton, editingId, ListPage, useEditing, useListPage, useRefresh, type ListPageProps, type ListPageState } from './ListPage';
export { deleteAction, editAction, listResource, type EditDialogProps, type Editing, type ListResource, type RowAction } from './resource';
export { BatchDelete } from './BatchDelete';
export { RecordDialog } from './RecordDialog';
export { useRecordForm } from './useRecordForm';
