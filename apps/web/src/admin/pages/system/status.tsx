import { Tag, type TableColumnsType } from 'antd';
import type { SearchField } from '../../../components/SearchForm';

/** The 0/1 flags of system records (roles, admin users, menus): 1 正常, 0 停用. */
export const statusOptions = [
  { label: '正常', value: 1 },
  { label: '停用', value: 0 },
];

/** A name and 状态: the search of a list of switchable records (轮播图, 友情链接, 类型, 推荐位). */
export const nameAndStatusSearch = <F extends { key?: string; status?: number }>(nameLabel: string): SearchField<F>[] => [
  { kind: 'input', name: 'key' as Extract<keyof F, string>, label: nameLabel },
  { kind: 'select', name: 'status' as Extract<keyof F, string>, label: '状态', options: statusOptions },
];

export function StatusTag({ status }: { status: number }) {
  return status === 1 ? <Tag color="success">正常</Tag> : <Tag color="default">停用</Tag>;
}

/** 状态 and 创建时间, the last columns of a list of switchable records (角色, 轮播图, 友情链接, 类型). */
export const statusAndCreatedColumns = <T extends { Status: number; CreateTime: string }>(): TableColumnsType<T> => [
  { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
  { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
];

/** 排序号, then 状态 and 创建时间: the last columns of a list the site shows in that order. */
export const orderedColumns = <T extends { SortNumber: number; Status: number; CreateTime: string }>(): TableColumnsType<T> => [
  { title: '排序号', dataIndex: 'SortNumber', width: 90 },
  ...statusAndCreatedColumns<T>(),
];
