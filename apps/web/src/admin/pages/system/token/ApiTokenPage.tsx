import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ApiTokenDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { DataTable, usePagedList } from '../../../../components/DataTable';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { ApiTokenDialog } from './ApiTokenDialog';

const listKey = [...adminQueryKeys.all, 'api-tokens'];

/**
 * 接口令牌 (component system/token/index): credentials for integrations such as an exam system,
 * each acting with one role's permissions; created here (shown once) or with
 * `npm run cli -- token create`, revoked here or with `token revoke`.
 */
export default function ApiTokenPage() {
  const queryClient = useQueryClient();
  const list = usePagedList<ApiTokenDto, Record<string, never>>(listKey, systemApi.apiTokens, {});
  const [creating, setCreating] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const revoke = useAction((token: ApiTokenDto) => systemApi.revokeApiToken(token.TokenId), refresh);

  const columns: TableColumnsType<ApiTokenDto> = [
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
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, token) =>
        token.RevokeTime ? null : (
          <Auth perm="system:token:delete">
            <Popconfirm title={`确定吊销接口令牌“${token.Name}”吗？吊销后立即失效。`} onConfirm={() => revoke(token)} okText="吊销" okButtonProps={{ danger: true }}>
              <Button type="link" size="small" danger>
                吊销
              </Button>
            </Popconfirm>
          </Auth>
        ),
    },
  ];

  return (
    <>
      <Panel
        actions={
          <Auth perm="system:token:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新增接口令牌
            </Button>
          </Auth>
        }
      >
        <DataTable<ApiTokenDto> rowKey="TokenId" numbered columns={columns} {...list.tableProps} />
      </Panel>
      <ApiTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
    </>
  );
}
