import { Tabs, Tag } from 'antd';
import type { MessageCategoryDto, MessageDepartmentDto } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { ListPage, listResource } from '../../../list';
import { StatusTag } from '../../system/status';
import { messageKeys } from '../keys';
import { CategoryDialog } from './CategoryDialog';
import { DepartmentDialog } from './DepartmentDialog';
import { SettingsForm } from './SettingsForm';

/** A whole short list (the calls answer arrays) as the list block's page. */
const whole =
  <T,>(fetch: () => Promise<T[]>) =>
  async () => {
    const list = await fetch();
    return { List: list, TotalCount: list.length };
  };

const departments = listResource<MessageDepartmentDto>({
  key: messageKeys.departments,
  fetch: whole(messagesAdminApi.departments),
  rowKey: 'Id',
  columns: [
    { title: '部门名称', dataIndex: 'Name', width: 200 },
    {
      title: '办理人',
      dataIndex: 'Handlers',
      render: (handlers: MessageDepartmentDto['Handlers']) => (handlers.length ? handlers.map((h) => <Tag key={h.AdminId}>{h.Name}</Tag>) : '—'),
    },
    { title: '督办人', dataIndex: 'SupervisorName', width: 160, render: (name: string) => name || '—' },
  ],
  dialog: DepartmentDialog,
  add: { perm: 'message:setting', label: '新增部门' },
  edit: { perm: 'message:setting' },
  remove: {
    perm: 'message:setting',
    question: (d) => `确定删除办理部门“${d.Name}”吗？`,
    run: (d) => messagesAdminApi.deleteDepartments([d.Id]),
  },
  actionsWidth: 130,
});

const categories = listResource<MessageCategoryDto>({
  key: messageKeys.categories,
  fetch: whole(messagesAdminApi.categories),
  rowKey: 'Id',
  columns: [
    { title: '类别名称', dataIndex: 'Name' },
    { title: '办理时限', dataIndex: 'DeadlineDays', width: 140, render: (days: number) => `${days} 个工作日` },
    { title: '排序', dataIndex: 'SortNumber', width: 90 },
    { title: '状态', dataIndex: 'Status', width: 90, render: (status: number) => <StatusTag status={status} /> },
  ],
  dialog: CategoryDialog,
  add: { perm: 'message:setting', label: '新增类别' },
  edit: { perm: 'message:setting' },
  actionsWidth: 90,
});

/** 留言设置 (component interact/setting/index): the departments with their handlers, the categories with their deadlines, what the ask form requires. */
export default function SettingPage() {
  return (
    <Tabs
      items={[
        { key: 'departments', label: '办理部门', children: <ListPage resource={departments} /> },
        { key: 'categories', label: '留言类别', children: <ListPage resource={categories} /> },
        { key: 'settings', label: '填写要求与提醒', children: <SettingsForm /> },
      ]}
    />
  );
}
