import { Fragment, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Grid, Popconfirm, Space, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { messages } from '@portal/shared';
import { useAuth } from '../access/AdminSession';
import { Panel } from '../layout/Panel';
import { DataTable, usePagedList } from '../../components/DataTable';
import { SearchForm, type SearchValues } from '../../components/SearchForm';
import type { ListResource, RowAction } from './resource';

/** The record a list's dialog edits: a row, 'new' for 新增, null while closed. */
export type Editing<T> = T | 'new' | null;

/** The id a dialog that loads its own record takes: 0 for 新增, null while closed. */
export const editingId = <T,>(editing: Editing<T>, id: (row: T) => number): number | null => (editing === null ? null : editing === 'new' ? 0 : id(editing));

/**
 * The state of one list page: its paged search, the record its dialog edits, and the
 * refresh that follows a write. A page keeps it to wire its own calls (delete, review…) to
 * `refresh`, then hands it to <ListPage>.
 */
export function useListPage<T extends object, F extends SearchValues>(resource: ListResource<T, F>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<T, F>(resource.key, resource.fetch, resource.initialFilters ?? ({} as F));
  const [editing, setEditing] = useState<Editing<T>>(null);
  const refresh = () => {
    for (const queryKey of [resource.key, ...(resource.refreshes ?? [])]) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    list,
    refresh,
    editing,
    edit: (record: T | 'new') => setEditing(record),
    close: () => setEditing(null),
    /** The dialog saved: its toast (ListResource.savedText), then closed and reloaded. */
    saved: () => {
      void message.success(resource.savedText ?? (editing === 'new' ? messages.ok : messages.saved));
      setEditing(null);
      refresh();
    },
  };
}

export type ListPageState<T extends object, F extends SearchValues> = ReturnType<typeof useListPage<T, F>>;

export interface ListPageProps<T extends object, F extends SearchValues> {
  resource: ListResource<T, F>;
  page: ListPageState<T, F>;
  rowActions?: readonly RowAction<T>[];
  /** The toolbar's other buttons, after 新增 and before 导出. */
  toolbar?: ReactNode;
  /** The table's other settings (row selection, expandable rows). */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowKey'>;
  /** The page's dialogs (the add/edit dialog reads page.editing). */
  children?: ReactNode;
}

/**
 * A back-office list page (spec §2): search form, toolbar (新增, the page's own, 导出), paged
 * table with a 操作 column of row actions (confirmed where they ask), and the page's dialogs.
 */
export function ListPage<T extends object, F extends SearchValues>({ resource, page, rowActions = [], toolbar, table, children }: ListPageProps<T, F>) {
  const can = useAuth();
  // Columns pinned to the right would cover a phone's whole table; there it just scrolls.
  const pinned = Grid.useBreakpoint().md ? ('right' as const) : undefined;
  const [exporting, setExporting] = useState(false);
  const actions = rowActions.filter((a) => !a.perm || can(a.perm));
  const columns: TableColumnsType<T> = actions.length
    ? [...resource.columns, { title: '操作', key: 'actions', width: resource.actionsWidth ?? 130, fixed: pinned, render: (_, row) => <RowActions row={row} actions={actions} /> }]
    : resource.columns;

  const runExport = async (run: (filters: F) => Promise<void>) => {
    setExporting(true);
    try {
      await run(page.list.filters);
    } catch {
      // Shown by the API client (导出地址获取错误…).
    } finally {
      setExporting(false);
    }
  };

  const add = resource.add && can(resource.add.perm) && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => page.edit('new')}>
      {resource.add.label}
    </Button>
  );
  const exportButton = resource.export && can(resource.export.perm) && (
    <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void runExport((resource.export as NonNullable<typeof resource.export>).run)}>
      {resource.export.label ?? '导出'}
    </Button>
  );
  const tools = (add || toolbar || exportButton) && (
    <>
      {add}
      {toolbar}
      {exportButton}
    </>
  );

  return (
    <>
      {resource.search && <SearchForm<F> fields={resource.search} onSearch={page.list.search} loading={page.list.query.isFetching} initialValues={resource.initialFilters} />}
      <Panel actions={tools || undefined}>
        <DataTable<T> rowKey={resource.rowKey} numbered={resource.numbered ?? true} columns={columns} {...table} {...page.list.tableProps} />
      </Panel>
      {children}
    </>
  );
}

function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  return (
    <Space size={4}>
      {actions
        .filter((a) => !a.when || a.when(row))
        .map((a) => {
          const label = typeof a.label === 'function' ? a.label(row) : a.label;
          const danger = typeof a.danger === 'function' ? a.danger(row) : a.danger;
          const button = (
            <Button
              type="link"
              size="small"
              danger={danger}
              loading={a.busy?.(row)}
              disabled={a.disabled?.(row)}
              {...(a.href ? { href: a.href(row), target: '_blank', rel: 'noopener' } : {})}
              onClick={a.confirm || !a.run ? undefined : () => void a.run?.(row)}
            >
              {label}
            </Button>
          );
          const hint = a.hint?.(row);
          const shown = hint ? <Tooltip title={hint}>{button}</Tooltip> : button;
          return a.confirm ? (
            <Popconfirm key={label} title={a.confirm(row)} description={a.confirmDetail} onConfirm={() => a.run?.(row)} okText={label} okButtonProps={{ danger }}>
              {shown}
            </Popconfirm>
          ) : (
            <Fragment key={label}>{shown}</Fragment>
          );
        })}
    </Space>
  );
}
