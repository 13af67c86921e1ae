import { Tag } from 'antd';
import type { SystemMailCode, SystemMailDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { ListPage, listResource, useListPage } from '../../list';
import { useAction } from '../../shared/useAction';
import { mailingKeys } from './keys';
import { SystemMailDialog } from './SystemMailDialog';

const systemMails = listResource<SystemMailDto>({
  key: mailingKeys.systemMails,
  fetch: () => mailingsAdminApi.systemMails(),
  rowKey: 'Code',
  columns: [
    { title: '邮件', dataIndex: 'Name', width: 200 },
    // Wrapped within its width: at its whole length it pushed 修改时间 under the pinned 操作.
    { title: '发送时机', dataIndex: 'Description', width: 380 },
    {
      title: '内容',
      dataIndex: 'Customised',
      width: 90,
      render: (customised: boolean) => (customised ? <Tag color="blue">已修改</Tag> : <Tag>默认</Tag>),
    },
    { title: '修改时间', dataIndex: 'UpdateTime', width: 150, render: (time: string) => time.slice(0, 16) },
  ],
  dialog: SystemMailDialog,
  edit: { perm: 'mailing:template' },
  actionsWidth: 150,
});

/** 系统邮件 (通知模板's second tab): the automatic mails' text, edited or restored to the shipped default. */
export function SystemMailList() {
  const page = useListPage(systemMails);
  const reset = useAction((m: SystemMailDto) => mailingsAdminApi.resetSystemMail(m.Code as SystemMailCode), page.refresh);
  return (
    <ListPage
      resource={systemMails}
      page={page}
      rowActions={[
        {
          label: '恢复默认',
          perm: 'mailing:template',
          when: (m) => m.Customised,
          confirm: (m) => `确定将“${m.Name}”恢复为默认内容吗？`,
          confirmDetail: '修改过的标题和正文将被替换为系统默认内容；已发出的邮件不受影响。',
          run: reset,
        },
      ]}
    />
  );
}
