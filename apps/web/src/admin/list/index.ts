export { actionsColumn, AddButton, editingId, ListPage, useEditing, useListPage, useRefresh, type ListPageProps, type ListPageState } from './ListPage';
export { deleteAction, editAction, listResource, type EditDialogProps, type Editing, type ListResource, type RowAction } from './resource';
export { BatchButton, BatchDelete } from './BatchButton';
export { RecordDialog } from './RecordDialog';
export { useBatchRun } from './useBatchRun';
export { useRecordForm } from './useRecordForm';
export { useSelection } from './useSelection';
