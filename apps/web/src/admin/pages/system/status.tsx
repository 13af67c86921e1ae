import { Tag } from 'antd';

/** The 0/1 flags of system records (roles, admin users, menus): 1 正常, 0 停用. */
export const statusOptions = [
  { label: '正常', value: 1 },
  { label: '停用', value: 0 },
];

export function StatusTag({ status }: { status: number }) {
  return status === 1 ? <Tag color="success">正常</Tag> : <Tag color="default">停用</Tag>;
}
