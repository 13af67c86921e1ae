import { Tabs } from 'antd';
import type { MailTemplateDto } from '@portal/shared';
import { mailingsAdminApi, type MailingListQuery } from '../../../api/mailings-admin';
import type { PageState } from '../../../components/DataTable';
import { ListPage, listResource } from '../../list';
import { categoryOptions } from './categories';
import { mailingKeys } from './keys';
import { SystemMailList } from './SystemMailList';
import { TemplateDialog } from './TemplateDialog';

type Filters = Omit<MailingListQuery, keyof PageState>;

const templates = listResource<MailTemplateDto, Filters>({
  key: mailingKeys.templates,
  fetch: mailingsAdminApi.templates,
  rowKey: 'Id',
  search: [{ kind: 'select', name: 'category', label: '通知类别', options: categoryOptions }],
  columns: [
    { title: '模板名称', dataIndex: 'Name' },
    { title: '通知类别', dataIndex: 'CategoryName', width: 100 },
    { title: '通知标题', dataIndex: 'Subject', ellipsis: true },
    { title: '更新时间', dataIndex: 'UpdateTime', width: 150, render: (time: string) => time.slice(0, 16) },
  ],
  dialog: TemplateDialog,
  add: { perm: 'mailing:template', label: '新增模板' },
  edit: { perm: 'mailing:template' },
  remove: {
    perm: 'mailing:template',
    question: (t) => `确定删除通知模板“${t.Name}”吗？`,
    confirmDetail: '用此模板写成的通知保留各自的内容。',
    run: (t) => mailingsAdminApi.deleteTemplate(t.Id),
  },
});

/** Made once, so the lists' dialogs keep their identity. */
const tabs = [
  { key: 'templates', label: '通知模板', children: <ListPage resource={templates} /> },
  { key: 'system', label: '系统邮件', children: <SystemMailList /> },
];

/**
 * 通知模板 (component mailing/template/index): the notices staff start a mailing from, and beside
 * them 系统邮件, the words of the mails the system sends by itself (same permission, same kind of work).
 */
export default function TemplatePage() {
  return <Tabs items={tabs} destroyOnHidden />;
}
