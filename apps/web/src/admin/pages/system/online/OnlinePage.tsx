import { Tabs, Tag } from 'antd';
import type { OnlineSessionDto, SignInKind } from '@portal/shared';
import { signInApi, type OnlineSessionQuery } from '../../../../api/sign-ins';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { UserAgent } from '../userAgent';

type Filters = Omit<OnlineSessionQuery, keyof PageState | 'kind'>;

const sessionList = (kind: SignInKind, names: { name: string; role: string }) =>
  listResource<OnlineSessionDto, Filters>({
    key: [...adminQueryKeys.all, 'online', kind],
    fetch: (query) => signInApi.onlineSessions({ ...query, kind }),
    rowKey: 'SessionId',
    // Sessions have no order worth counting; the room goes to the three times.
    numbered: false,
    search: [{ kind: 'input', name: 'account', label: '账号', placeholder: '请输入账号' }],
    columns: [
      {
        title: '账号',
        dataIndex: 'Account',
        width: 140,
        render: (account: string, session) => (
          <>
            {account}
            {session.Current && (
              <Tag color="processing" style={{ marginInlineStart: 8 }}>
                当前会话
              </Tag>
            )}
          </>
        ),
      },
      { title: names.name, dataIndex: 'Name', width: 110, ellipsis: { showTitle: true } },
      { title: names.role, dataIndex: 'RoleName', width: 100, ellipsis: { showTitle: true } },
      { title: 'IP', dataIndex: 'Ip', width: 110 },
      { title: '浏览器', dataIndex: 'UserAgent', width: 130, ellipsis: { showTitle: false }, render: (agent: string) => <UserAgent agent={agent} /> },
      { title: '登录时间', dataIndex: 'LoginTime', width: 155 },
      { title: '最近活动', dataIndex: 'LastActiveTime', width: 155 },
      { title: '到期时间', dataIndex: 'ExpireTime', width: 155 },
    ],
    actionsWidth: 90,
  });

const admins = sessionList('admin', { name: '姓名', role: '角色' });
const members = sessionList('member', { name: '单位名称', role: '身份' });

/** One tab's sessions, with 强制下线 on every row but the caller's own. */
function Sessions({ resource }: { resource: typeof admins }) {
  const page = useListPage(resource);
  const end = useAction(signInApi.forceLogout, page.refresh);
  return (
    <ListPage
      resource={resource}
      page={page}
      rowActions={[
        {
          label: '强制下线',
          perm: 'system:online:forceLogout',
          danger: true,
          when: (session) => !session.Current,
          confirm: (session) => `确定强制“${session.Account}”下线吗？`,
          confirmDetail: '该会话立即失效，需重新登录。',
          run: end,
        },
      ]}
    />
  );
}

const tabs = [
  { key: 'admin', label: '后台用户', children: <Sessions resource={admins} /> },
  { key: 'member', label: '会员', children: <Sessions resource={members} /> },
];

/**
 * 在线用户 (component system/online/index): the live sessions of the back office and of members,
 * each ended with 强制下线 (not the caller's own: 退出登录 does that).
 */
export default function OnlinePage() {
  return <Tabs items={tabs} destroyOnHidden />;
}
