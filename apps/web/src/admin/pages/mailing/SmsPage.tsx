import { Tabs, Tag } from 'antd';
import { smsStates, smsStateNames, type SmsLogDto } from '@portal/shared';
import { smsAdminApi, type SmsLogQuery } from '../../../api/sms-admin';
import type { PageState } from '../../../components/DataTable';
import { ListPage, listResource } from '../../list';
import { mailingKeys } from './keys';
import { SmsSettings } from './SmsSettings';

type Filters = Omit<SmsLogQuery, keyof PageState>;

const log = listResource<SmsLogDto, Filters>({
  key: mailingKeys.smsLog,
  fetch: smsAdminApi.log,
  rowKey: 'Id',
  search: [
    { kind: 'select', name: 'state', label: '状态', options: smsStates.map((s) => ({ label: smsStateNames[s], value: s })) },
    { kind: 'input', name: 'phone', label: '手机号码' },
  ],
  columns: [
    { title: '手机号码', dataIndex: 'Phone', width: 130 },
    { title: '模板编号', dataIndex: 'TemplateCode', width: 160 },
    {
      title: '模板变量',
      dataIndex: 'Variables',
      ellipsis: true,
      render: (v: SmsLogDto['Variables']) =>
        Object.entries(v)
          .map(([name, value]) => `${name}=${value}`)
          .join('，') || '—',
    },
    { title: '状态', dataIndex: 'State', width: 90, render: (s: string, r) => <Tag color={s === 'sent' ? 'success' : 'error'}>{r.StateName}</Tag> },
    { title: '服务商应答', dataIndex: 'Answer', ellipsis: true },
    { title: '来源', dataIndex: 'Source', width: 160, ellipsis: true },
    { title: '发送时间', dataIndex: 'CreateTime', width: 160 },
  ],
});

/** Made once, so the tabs keep their identity. */
const tabs = [
  { key: 'settings', label: '短信设置', children: <SmsSettings /> },
  { key: 'log', label: '短信记录', children: <ListPage resource={log} /> },
];

/**
 * 短信 (component mailing/sms/index): where SMS stands (no provider ships with the product), the
 * signature and switch, a test message, and the log of every message handed to the provider.
 */
export default function SmsPage() {
  return <Tabs items={tabs} destroyOnHidden />;
}
