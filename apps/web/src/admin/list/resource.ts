import type { ComponentType, ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { ListDto, Permission } from '@portal/shared';
import type { PageState } from '../../components/DataTable';
import type { SearchField, SearchValues } from '../../components/SearchForm';

/** The record a list's dialog edits: a row, 'new' for 新增, null while closed. */
export type Editing<T> = T | 'new' | null;

/** What a list hands its add/edit dialog (ListResource.dialog). */
export interface EditDialogProps<T> {
  /** The row to edit, 'new' to add one; null when closed. */
  editing: Editing<T>;
  onClose: () => void;
  /**
   * The record was saved: the list shows its toast, closes the dialog and reloads. `text`: what
   * the server said of the save (已提交审核…), toasted in place of the list's 操作成功/修改成功.
   */
  onSaved: (text?: string) => void;
}

/**
 * The descriptor of one back-office list (the way react-admin's resources or ProTable's
 * columns describe one): what it loads, how it is searched, what it shows, and which of the
 * building block's parts it has (新增, 修改 and 删除 with the add/edit dialog, 导出). What else a
 * page does with a row (review, publish, reset a password…) is passed beside it as row actions,
 * since those need the page's own state.
 */
export interface ListResource<T extends object, F extends SearchValues> {
  /** The query-cache key prefix: saving invalidates it. */
  key: QueryKey;
  /** One page of the search (spec §9: pageindex, pagesize). */
  fetch: (query: F & PageState) => Promise<ListDto<T>>;
  rowKey: Extract<keyof T, string>;
  search?: readonly SearchField<F>[];
  /** Other cached data a write here changes (a lookup list the forms read), reloaded with the list. */
  refreshes?: readonly QueryKey[];
  /** Filters before the first search (and what 重置 returns to). */
  initialFilters?: F;
  columns: TableColumnsType<T>;
  /** A 序号 column counting across pages; on by default. */
  numbered?: boolean;
  /** The add/edit dialog: 新增 opens it empty, 修改 on a row. */
  dialog?: ComponentType<EditDialogProps<T>>;
  /** 新增 in the toolbar opens the dialog empty. */
  add?: { perm: Permission; label: string };
  /**
   * 修改 (or `label`), the first row action, opens the dialog on the row. A page that shows it
   * after actions of its own lists `editAction` there instead.
   */
  edit?: { perm: Permission; label?: string; when?: (row: T) => boolean };
  /** 删除, the last row action: asked first, then 操作成功 and the list reloaded. */
  remove?: Pick<RowAction<T>, 'when' | 'hint' | 'confirmDetail'> & {
    perm: Permission;
    /** The confirmation's question, e.g. 确定删除“…”吗？ */
    question: (row: T) => ReactNode;
    run: (row: T) => Promise<unknown>;
  };
  /** 导出 in the toolbar (or `label`) downloads the current search as .xlsx. */
  export?: { perm: Permission; run: (filters: F) => Promise<void>; label?: string };
  /** The toast after the dialog saved; by default 操作成功 for a new record, 修改成功 for a changed one. */
  savedText?: string;
  /** Width of the 操作 column, which is pinned right on wide screens. */
  actionsWidth?: number;
}

/** One button of a row's 操作 column. */
export interface RowAction<T> {
  label: string | ((row: T) => string);
  /** Shown only to holders of this permission. */
  perm?: Permission;
  /** Shown only for the rows this accepts. */
  when?: (row: T) => boolean;
  danger?: boolean | ((row: T) => boolean);
  /** Asks first: the confirmation's question; its OK button carries the action's label. */
  confirm?: (row: T) => ReactNode;
  /** A second line under the question. */
  confirmDetail?: ReactNode;
  /** Shown but not usable for the rows this accepts. */
  disabled?: (row: T) => boolean;
  /** A tooltip over the button, e.g. why to think twice. */
  hint?: (row: T) => string | undefined;
  /** The action is running for this row: its button shows it. */
  busy?: (row: T) => boolean;
  /** Opens this address in a new tab instead (a preview). */
  href?: (row: T) => string;
  run?: (row: T) => unknown;
}

/**
 * Type-checks a descriptor where it is written (its search fields against its filters, its
 * row key against its rows) without widening it.
 */
export const listResource = <T extends object, F extends SearchValues = Record<string, never>>(resource: ListResource<T, F>) => resource;

/** 修改: opens the page's dialog on the row. */
export const editAction = <T>(perm: Permission, edit: (row: T) => void, label = '修改'): RowAction<T> => ({ label, perm, run: edit });

/** 删除, asked first with `question` (e.g. 确定删除“…”吗？). */
export const deleteAction = <T>(perm: Permission, question: (row: T) => ReactNode, run: (row: T) => unknown): RowAction<T> => ({
  label: '删除',
  perm,
  danger: true,
  confirm: question,
  run,
});
