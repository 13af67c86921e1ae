import { Tag, Tooltip } from 'antd';
import { allPermissions, authAuditActions, permissions, type AuditLogDto } from '@portal/shared';
import { systemApi, type AuditLogQuery } from '../../../../api/system';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { ChainCheckButton } from './ChainCheck';

type Filters = Omit<AuditLogQuery, keyof PageState>;

/** Every action the log records: the sign-in events, then the permissions in registry order. */
const actionOptions = [
  ...Object.entries(authAuditActions).map(([value, label]) => ({ value, label })),
  ...allPermissions.map((value) => ({ value, label: `${permissions[value]}（${value}）` })),
];

const auditLogs = listResource<AuditLogDto, Filters>({
  key: [...adminQueryKeys.all, 'auditLogs'],
  fetch: systemApi.auditLogs,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'account', label: '账号', placeholder: '请输入管理员账号' },
    { kind: 'select', name: 'action', label: '操作', options: actionOptions },
    { kind: 'dateRange', name: 'range', label: '日期', names: ['start', 'end'] },
  ],
  columns: [
    { title: '时间', dataIndex: 'CreateTime', width: 180 },
    { title: '账号', dataIndex: 'Account', width: 140 },
    { title: '操作', dataIndex: 'ActionName', width: 160, render: (name: string, log) => <Tooltip title={log.Action}>{name}</Tooltip> },
    {
      title: '对象',
      key: 'target',
      width: 160,
      render: (_, log) => (log.Target ? `${log.Target}${log.TargetId ? ` #${log.TargetId}` : ''}` : '-'),
    },
    {
      title: '结果',
      dataIndex: 'Result',
      width: 80,
      render: (result: number) => (result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: 'IP', dataIndex: 'Ip', width: 140 },
    { title: '详情', dataIndex: 'Detail', ellipsis: { showTitle: true }, render: (detail: string) => detail || '-' },
  ],
  export: { perm: 'system:audit:export', run: systemApi.exportAuditLogs },
});

/**
 * 操作日志 (component system/audit/index): read-only, filtered by account, action and date range;
 * exported as .xlsx; 完整性校验 checks this log's and 登录日志's hash chains.
 */
export default function AuditLogPage() {
  return <ListPage resource={auditLogs} toolbar={<ChainCheckButton />} />;
}
