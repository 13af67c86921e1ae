import { Tag, Tooltip, type TableColumnsType } from 'antd';
import { allPermissions, authAuditActions, permissions, type AuditLogDto } from '@portal/shared';
import { systemApi, type AuditLogQuery } from '../../../../api/system';
import { DataTable, usePagedList } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';

type Filters = Omit<AuditLogQuery, 'pageindex' | 'pagesize'>;

/** Every action the log records: the sign-in events, then the permissions in registry order. */
const actionOptions = [
  ...Object.entries(authAuditActions).map(([value, label]) => ({ value, label })),
  ...allPermissions.map((value) => ({ value, label: `${permissions[value]}（${value}）` })),
];

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'account', label: '账号', placeholder: '请输入管理员账号' },
  { kind: 'select', name: 'action', label: '操作', options: actionOptions },
  { kind: 'dateRange', name: 'range', label: '日期', names: ['start', 'end'] },
];

const columns: TableColumnsType<AuditLogDto> = [
  { title: '时间', dataIndex: 'CreateTime', width: 180 },
  { title: '账号', dataIndex: 'Account', width: 140 },
  { title: '操作', dataIndex: 'ActionName', width: 160, render: (name: string, log) => <Tooltip title={log.Action}>{name}</Tooltip> },
  {
    title: '对象',
    key: 'target',
    width: 160,
    render: (_, log) => (log.Target ? `${log.Target}${log.TargetId ? ` #${log.TargetId}` : ''}` : '-'),
  },
  { title: '结果', dataIndex: 'Result', width: 80, render: (result: number) => (result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>) },
  { title: 'IP', dataIndex: 'Ip', width: 140 },
  { title: '详情', dataIndex: 'Detail', ellipsis: { showTitle: true }, render: (detail: string) => detail || '-' },
];

/** 操作日志 (component system/audit/index): read-only, filtered by account, action and date range. */
export default function AuditLogPage() {
  const list = usePagedList<AuditLogDto, Filters>([...adminQueryKeys.all, 'auditLogs'], systemApi.auditLogs, {});
  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel>
        <DataTable<AuditLogDto> rowKey="Id" numbered columns={columns} {...list.tableProps} />
      </Panel>
    </>
  );
}
