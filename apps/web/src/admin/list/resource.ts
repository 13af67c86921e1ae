import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { ListDto, Permission } from '@portal/shared';
import type { PageState } from '../../components/DataTable';
import type { SearchField, SearchValues } from '../../components/SearchForm';

/**
 * The descriptor of one back-office list (the way react-admin's resources or ProTable's
 * columns describe one): what it loads, how it is searched, what it shows, and which of the
 * building block's parts it has (新增, 导出). What a page does with a row (edit, delete,
 * review…) is passed beside it as row actions, since those need the page's own calls.
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
  /** 新增 in the toolbar opens the dialog empty. */
  add?: { perm: Permission; label: string };
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
export const deleteAction = <T>(perm: Permission, question: (row: T) => ReactNode, run: (row: T) => unknown): RowAction<T> => ({ label: '删除', perm, danger: true, confirm: question, run });
