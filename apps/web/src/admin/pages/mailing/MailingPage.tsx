import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { MailingDto } from '@portal/shared';
import { mailingsAdminApi, type MailingListQuery } from '../../../api/mailings-admin';
import type { PageState } from '../../../components/DataTable';
import { ListPage, listResource, useListPage, type RowAction } from '../../list';
import { useAction } from '../../shared/useAction';
import { PreviewDialog, SendDialog, TestDialog } from './ActionDialogs';
import { categoryOptions } from './categories';
import { ComposeDialog } from './ComposeDialog';
import { mailingKeys } from './keys';
import { RecordDrawer } from './RecordDrawer';
import { SettingsDialog } from './SettingsDialog';
import { Auth } from '../../access/AdminSession';

type Filters = Omit<MailingListQuery, keyof PageState>;

const states: Record<string, { name: string; color: string }> = {
  draft: { name: '草稿', color: 'default' },
  scheduled: { name: '已定时', color: 'orange' },
  sent: { name: '已发送', color: 'success' },
};
const isDraft = (m: MailingDto) => m.State === 'draft';

const mailings = listResource<MailingDto, Filters>({
  key: mailingKeys.list,
  fetch: mailingsAdminApi.list,
  rowKey: 'Id',
  search: [{ kind: 'select', name: 'category', label: '通知类别', options: categoryOptions }],
  columns: [
    { title: '通知标题', dataIndex: 'Subject', ellipsis: true },
    { title: '类别', dataIndex: 'CategoryName', width: 90 },
    { title: '状态', dataIndex: 'State', width: 90, render: (s: string) => <Tag color={states[s]?.color}>{states[s]?.name ?? s}</Tag> },
    {
      title: '已发送/失败/退信',
      key: 'counts',
      width: 130,
      render: (_, m) => (m.State === 'sent' ? `${m.Counts.Sent} / ${m.Counts.Failed} / ${m.Counts.Bounced}` : '—'),
    },
    {
      title: '时间',
      key: 'time',
      width: 170,
      render: (_, m) =>
        m.SentAt ? `发送 ${m.SentAt.slice(0, 16)}` : m.ScheduledAt ? `定时 ${m.ScheduledAt.slice(0, 16)}` : `创建 ${m.CreateTime.slice(0, 16)}`,
    },
  ],
  dialog: ComposeDialog,
  add: { perm: 'mailing:edit', label: '新增通知' },
  edit: { perm: 'mailing:edit', when: isDraft },
  actionsWidth: 300,
});

type Open = { kind: 'preview' | 'test' | 'send' | 'record'; mailing: MailingDto } | null;

/**
 * 群发通知 (component mailing/list/index): the mailings with their state and delivery; a draft is
 * written in the compose dialog, previewed, tried on an address and sent now or at a time; a
 * scheduled one is called back; a sent one opens its record.
 */
export default function MailingPage() {
  const { message } = App.useApp();
  const page = useListPage(mailings);
  const [open, setOpen] = useState<Open>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const shown = (kind: NonNullable<Open>['kind']) => (open?.kind === kind ? open.mailing : null);
  const done = (text: string) => {
    void message.success(text);
    setOpen(null);
    page.refresh();
  };
  const cancel = useAction((m: MailingDto) => mailingsAdminApi.cancelSchedule(m.Id), page.refresh);
  const opens = (kind: NonNullable<Open>['kind']) => (mailing: MailingDto) => setOpen({ kind, mailing });
  const rowActions: RowAction<MailingDto>[] = [
    { label: '预览', perm: 'mailing:list', run: opens('preview') },
    { label: '测试发送', perm: 'mailing:send', when: isDraft, run: opens('test') },
    { label: '发送', perm: 'mailing:send', when: isDraft, run: opens('send') },
    { label: '取消定时', perm: 'mailing:send', when: (m) => m.State === 'scheduled', confirm: (m) => `确定取消“${m.Subject}”的定时发送吗？`, run: cancel },
    { label: '发送记录', perm: 'mailing:list', when: (m) => m.State === 'sent', run: opens('record') },
  ];
  return (
    <ListPage
      resource={mailings}
      page={page}
      rowActions={rowActions}
      toolbar={
        <Auth perm="mailing:send">
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            发送设置
          </Button>
        </Auth>
      }
    >
      <PreviewDialog mailing={shown('preview')} onClose={() => setOpen(null)} />
      <TestDialog mailing={shown('test')} onClose={() => setOpen(null)} onDone={done} />
      <SendDialog mailing={shown('send')} onClose={() => setOpen(null)} onDone={done} />
      <RecordDrawer mailing={shown('record')} onClose={() => setOpen(null)} />
      <SettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        onDone={(text) => {
          void message.success(text);
          setSettingsOpen(false);
        }}
      />
    </ListPage>
  );
}
