import { Tag } from 'antd';
import { signInKinds, type LoginLogDto } from '@portal/shared';
import { signInApi, type LoginLogQuery } from '../../../../api/sign-ins';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { UserAgent } from '../userAgent';

type Filters = Omit<LoginLogQuery, keyof PageState>;

const kindOptions = Object.entries(signInKinds).map(([value, label]) => ({ value, label }));

const loginLogs = listResource<LoginLogDto, Filters>({
  key: [...adminQueryKeys.all, 'loginLogs'],
  fetch: signInApi.loginLogs,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'account', label: '账号', placeholder: '请输入账号' },
    { kind: 'select', name: 'kind', label: '类型', options: kindOptions },
    {
      kind: 'select',
      name: 'result',
      label: '结果',
      options: [
        { label: '成功', value: 1 },
        { label: '失败', value: 0 },
      ],
    },
    { kind: 'dateRange', name: 'range', label: '日期', names: ['start', 'end'] },
  ],
  columns: [
    { title: '时间', dataIndex: 'CreateTime', width: 180 },
    { title: '类型', dataIndex: 'KindName', width: 70 },
    { title: '账号', dataIndex: 'Account', width: 140, ellipsis: { showTitle: true } },
    {
      title: '结果',
      dataIndex: 'Result',
      width: 80,
      render: (result: number) => (result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: '说明', dataIndex: 'Detail', width: 200, ellipsis: { showTitle: true }, render: (detail: string) => detail || '-' },
    { title: 'IP', dataIndex: 'Ip', width: 140 },
    { title: '浏览器', dataIndex: 'UserAgent', ellipsis: { showTitle: false }, render: (agent: string) => <UserAgent agent={agent} /> },
  ],
  export: { perm: 'system:loginlog:export', run: signInApi.exportLoginLogs },
});

/**
 * 登录日志 (component system/loginlog/index): every sign-in attempt of the back office and of
 * members, right or wrong, searched by account, kind, result and date range; exported as .xlsx.
 */
export default function LoginLogPage() {
  return <ListPage resource={loginLogs} />;
}
