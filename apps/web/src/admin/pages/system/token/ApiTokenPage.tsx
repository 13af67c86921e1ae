import { useState } from 'react';
import { Tag } from 'antd';
import type { ApiTokenDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { AddButton, ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { ApiTokenDialog } from './ApiTokenDialog';

const apiTokens = listResource<ApiTokenDto>({
  key: [...adminQueryKeys.all, 'api-tokens'],
  fetch: systemApi.apiTokens,
  rowKey: 'TokenId',
  columns: [
    { title: '令牌名称', dataIndex: 'Name' },
    { title: '角色', dataIndex: 'RoleName', width: 140 },
    { title: '备注', dataIndex: 'Remark', ellipsis: true },
    { title: '创建者', dataIndex: 'CreatedBy', width: 110 },
    { title: '创建时间', dataIndex: 'CreateTime', width: 180 },
    { title: '最近使用', dataIndex: 'LastUsedTime', width: 180, render: (at: string) => at || '从未使用' },
    {
      title: '状态',
      dataIndex: 'RevokeTime',
      width: 200,
      render: (at: string) => (at ? <Tag color="default">已吊销 {at}</Tag> : <Tag color="success">有效</Tag>),
    },
  ],
  actionsWidth: 90,
});

/**
 * 接口令牌 (component system/token/index): credentials for integrations such as an exam system,
 * each acting with one role's permissions; created here (shown once) or with
 * `npm run cli -- token create`, revoked here or with `token revoke`.
 */
export default function ApiTokenPage() {
  const page = useListPage(apiTokens);
  // Not the list's add dialog: a new token is shown once, in a dialog of its own.
  const [creating, setCreating] = useState(false);
  const revoke = useAction((token: ApiTokenDto) => systemApi.revokeApiToken(token.TokenId), page.refresh);
  return (
    <ListPage
      resource={apiTokens}
      page={page}
      toolbar={<AddButton perm="system:token:add" label="新增接口令牌" onClick={() => setCreating(true)} />}
      rowActions={[
        {
          label: '吊销',
          perm: 'system:token:delete',
          danger: true,
          when: (token) => !token.RevokeTime,
          confirm: (token) => `确定吊销接口令牌“${token.Name}”吗？吊销后立即失效。`,
          run: revoke,
        },
      ]}
    >
      <ApiTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={page.refresh} />
    </ListPage>
  );
}
