import { Tag, Tooltip, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { messageStateNames, type MessageListItemDto } from '@portal/shared';
import { messagesAdminApi, type MessageQuery } from '../../../../api/messages-admin';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource, useListPage } from '../../../list';
import { useMessageCategories, useMessageDepartments } from '../catalogue';
import { messageKeys } from '../keys';
import { DueCell } from './DueCell';
import { MessageDrawer } from './MessageDrawer';
import { StateTag } from './StateTag';

type Filters = Omit<MessageQuery, keyof PageState>;

const stateOptions = Object.entries(messageStateNames).map(([value, label]) => ({ label, value: Number(value) }));
const overdueOptions = [
  { label: '超期', value: 1 },
  { label: '未超期', value: 0 },
];

/** The queue's descriptor; the category and department filters offer what the lists hold. */
const queue = (categories: { label: string; value: number }[], departments: { label: string; value: number }[]) =>
  listResource<MessageListItemDto, Filters>({
    key: messageKeys.queue,
    fetch: messagesAdminApi.list,
    rowKey: 'Id',
    search: [
      { kind: 'input', name: 'key', label: '关键字', placeholder: '标题、内容、姓名或查询码' },
      { kind: 'select', name: 'state', label: '状态', options: stateOptions },
      { kind: 'select', name: 'categoryid', label: '类别', options: categories },
      { kind: 'select', name: 'departmentid', label: '办理部门', options: departments },
      { kind: 'select', name: 'overdue', label: '超期', options: overdueOptions },
      { kind: 'dateRange', name: 'received', label: '留言日期', names: ['start', 'end'] },
    ],
    columns: [
      {
        title: '留言标题',
        dataIndex: 'Subject',
        render: (subject: string, m) => (
          <>
            <Typography.Text ellipsis={{ tooltip: subject }} style={{ maxWidth: 280 }}>
              {subject}
            </Typography.Text>
            {m.FromSuggestionBox && (
              <Tooltip title="来自会员建议箱">
                <Tag style={{ marginInlineStart: 6 }}>建议箱</Tag>
              </Tooltip>
            )}
            {m.Published && (
              <Tag color="blue" style={{ marginInlineStart: 6 }}>
                已公开
              </Tag>
            )}
          </>
        ),
      },
      { title: '类别', dataIndex: 'CategoryName', width: 80 },
      { title: '留言人', dataIndex: 'Name', width: 90, render: (name: string) => name || '—' },
      { title: '状态', dataIndex: 'State', width: 90, render: (state: number, m) => <StateTag state={state} name={m.StateName} /> },
      {
        title: '办理部门',
        dataIndex: 'DepartmentName',
        width: 140,
        render: (name: string, m) => (name ? `${name}${m.HandlerName ? ` / ${m.HandlerName}` : ''}` : '—'),
      },
      { title: '留言时间', dataIndex: 'CreateTime', width: 150, render: (time: string) => time.slice(0, 16) },
      { title: '办理时限', dataIndex: 'DueTime', width: 200, render: (_: string, m) => <DueCell message={m} /> },
    ],
    actionsWidth: 90,
  });

/**
 * 留言办理 (component interact/message/index): the queue of messages with their due times; a
 * message opens in a drawer to assign, transfer, note, reply, decline or publish. `?message=`
 * opens one at once (the bell's deadline notices link there).
 */
export default function MessagePage() {
  const categories = useMessageCategories();
  const departments = useMessageDepartments();
  const resource = queue(
    (categories.data ?? []).map((c) => ({ label: c.Name, value: c.Id })),
    (departments.data ?? []).map((d) => ({ label: d.Name, value: d.Id })),
  );
  const page = useListPage(resource);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('message')) || null;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('message', String(id));
        else next.delete('message');
        return next;
      },
      { replace: true },
    );

  return (
    <ListPage resource={resource} page={page} rowActions={[{ label: '办理', run: (m) => open(m.Id) }]}>
      <MessageDrawer id={openId} departments={departments.data ?? []} onClose={() => open(null)} onChanged={page.refresh} />
    </ListPage>
  );
}
