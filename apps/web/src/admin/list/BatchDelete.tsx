import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Permission } from '@portal/shared';
import { Auth } from '../access/AdminSession';

interface BatchDeleteProps {
  perm: Permission;
  /** How many rows are selected; none disables the button. */
  count: number;
  /** The confirmation's question, e.g. 确定删除选中的3篇文章吗？ */
  question: ReactNode;
  detail?: ReactNode;
  loading?: boolean;
  onConfirm: () => unknown;
}

/** 批量删除 in a list's toolbar: deletes the selected rows once confirmed. */
export function BatchDelete({ perm, count, question, detail, loading, onConfirm }: BatchDeleteProps) {
  return (
    <Auth perm={perm}>
      <Popconfirm title={question} description={detail} disabled={!count} onConfirm={onConfirm} okText="删除" okButtonProps={{ danger: true }}>
        <Button danger icon={<DeleteOutlined />} disabled={!count} loading={loading}>
          批量删除
        </Button>
      </Popconfirm>
    </Auth>
  );
}
