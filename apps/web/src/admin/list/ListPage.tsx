import { Fragment, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Grid, Popconfirm, Space, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { messages, type Permission } from '@portal/shared';
import { Auth, useAuth } from '../access/AdminSession';
import { Panel } from '../layout/Panel';
import { DataTable, usePagedList } from '../../components/DataTable';
import { SearchForm, type SearchValues } from '../../components/SearchForm';
import { useAction } from '../shared/useAction';
import { deleteAction, editAction, type Editing, type ListResource, type RowAction } from './resource';

/** The id a dialog that loads its own record takes: 0 for 新增, null while closed. */
export const editingId = <T,>(editing: Editing<T>, id: (row: T) => number): number | null => (editing === null ? null : editing === 'new' ? 0 : id(editing));

/**
 * The record a page's dialog edits (null while closed) and what follows its save: the toast,
 * the dialog closed, the page's data reloaded: the lists' (useListPage), the menu trees' and
 * the review dialogs' (there the record is the id under review).
 */
export function useEditing<E>(refresh: () => void, savedText: (edited: E) => string) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<E | null>(null);
  return {
    editing,
    edit: (record: E) => setEditing(record),
    close: () => setEditing(null),
    /**
     * `text`: the server's own words for the toast (已提交审核…), in place of the page's. Only a
     * string counts: a dialog that hands its submit's answer straight on passes the saved id.
     */
    saved: (text?: string) => {
      if (editing !== null) void message.success(typeof text === 'string' && text ? text : savedText(editing));
      setEditing(null);
      refresh();
    },
  };
}

/** Reloads the cached data a write changed: a list and what reads the same records. */
export function useRefresh(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** 新增 (or `label`) in a toolbar, for the holders of `perm`. */
export function AddButton({ perm, label, onClick }: { perm: Permission; label: string; onClick: () => void }) {
  return (
    <Auth perm={perm}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {label}
      </Button>
    </Auth>
  );
}

/**
 * The state of one list page: its paged search, the record its dialog edits, and the
 * refresh that follows a write. A page that wires its own calls (review, publish…) to
 * `refresh` keeps it and hands it to <ListPage>; otherwise <ListPage> keeps its own.
 */
export function useListPage<T extends object, F extends SearchValues>(resource: ListResource<T, F>) {
  const list = usePagedList<T, F>(resource.key, resource.fetch, resource.initialFilters ?? ({} as F));
  const refresh = useRefresh([resource.key, ...(resource.refreshes ?? [])]);
  // By default 操作成功 for a new record, 修改成功 for a changed one (ListResource.savedText).
  const dialog = useEditing<T | 'new'>(refresh, (edited) => resource.savedText ?? (edited === 'new' ? messages.ok : messages.saved));
  return { list, refresh, ...dialog };
}

export type ListPageState<T extends object, F extends SearchValues> = ReturnType<typeof useListPage<T, F>>;

export interface ListPageProps<T extends object, F extends SearchValues> {
  resource: ListResource<T, F>;
  /** The page's own useListPage, when it needs the state itself. */
  page?: ListPageState<T, F>;
  /** The page's own row actions, between 修改 and 删除. */
  rowActions?: readonly RowAction<T>[];
  /** The toolbar's other buttons, after 新增 and before 导出. */
  toolbar?: ReactNode;
  /** The table's other settings (row selection, expandable rows). */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowKey'>;
  /** The page's other dialogs. */
  children?: ReactNode;
}

/**
 * A back-office list page (spec §2): search form, toolbar (新增, the page's own, 导出), paged
 * table with a 操作 column of row actions (confirmed where they ask), the add/edit dialog and
 * the page's other dialogs.
 */
export function ListPage<T extends object, F extends SearchValues>(props: ListPageProps<T, F>) {
  return props.page ? <ListView {...props} page={props.page} /> : <OwnStateListPage {...props} />;
}

function OwnStateListPage<T extends object, F extends SearchValues>(props: ListPageProps<T, F>) {
  return <ListView {...props} page={useListPage(props.resource)} />;
}

function ListView<T extends object, F extends SearchValues>({
  resource,
  page,
  rowActions = [],
  toolbar,
  table,
  children,
}: ListPageProps<T, F> & { page: ListPageState<T, F> }) {
  const can = useAuth();
  // Columns pinned to the right would cover a phone's whole table; there it just scrolls.
  const pinned = Grid.useBreakpoint().md ? ('right' as const) : undefined;
  const [exporting, setExporting] = useState(false);
  const { edit, remove, dialog: Dialog } = resource;
  const runRemove = useAction((row: T) => (remove ? remove.run(row) : Promise.resolve()), page.refresh);
  const actions = [
    ...(edit ? [{ ...editAction(edit.perm, page.edit, edit.label), when: edit.when }] : []),
    ...rowActions,
    ...(remove
      ? [{ ...deleteAction(remove.perm, remove.question, runRemove), when: remove.when, hint: remove.hint, confirmDetail: remove.confirmDetail }]
      : []),
  ].filter((a) => !a.perm || can(a.perm));
  const columns: TableColumnsType<T> = actions.length ? [...resource.columns, actionsColumn(actions, resource.actionsWidth ?? 130, pinned)] : resource.columns;

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

  const add = resource.add && can(resource.add.perm) && <AddButton perm={resource.add.perm} label={resource.add.label} onClick={() => page.edit('new')} />;
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
      {resource.search && (
        <SearchForm<F> fields={resource.search} onSearch={page.list.search} loading={page.list.query.isFetching} initialValues={resource.initialFilters} />
      )}
      <Panel actions={tools || undefined}>
        <DataTable<T> rowKey={resource.rowKey} numbered={resource.numbered ?? true} columns={columns} {...table} {...page.list.tableProps} />
      </Panel>
      {Dialog && <Dialog editing={page.editing} onClose={page.close} onSaved={page.saved} />}
      {children}
    </>
  );
}

/**
 * The 操作 column of a back-office table: the row actions (RowAction) shown to their
 * permission's holders, for the rows they accept. The lists and the menu trees use it.
 */
export const actionsColumn = <T,>(actions: readonly RowAction<T>[], width: number, fixed: 'right' | undefined): TableColumnsType<T>[number] => ({
  title: '操作',
  key: 'actions',
  width,
  fixed,
  render: (_, row) => <RowActions row={row} actions={actions} />,
});

function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  const can = useAuth();
  return (
    <Space size={4}>
      {actions
        .filter((a) => (!a.perm || can(a.perm)) && (!a.when || a.when(row)))
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
            <Popconfirm
              key={label}
              title={a.confirm(row)}
              description={a.confirmDetail}
              onConfirm={() => a.run?.(row)}
              okText={label}
              okButtonProps={{ danger }}
            >
              {shown}
            </Popconfirm>
          ) : (
            <Fragment key={label}>{shown}</Fragment>
          );
        })}
    </Space>
  );
}
