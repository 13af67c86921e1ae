import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Permission } from '@portal/shared';
import { Auth } from '../access/AdminSession';

interface BatchButtonProps {
  perm: Permission;
  label: string;
  /** The confirmation's button; the label by default. */
  okText?: string;
  icon?: ReactNode;
  danger?: boolean;
  /** How many rows are selected; none disables the button. */
  count: number;
  /** The confirmation's question, e.g. 确定删除选中的3篇文章吗？ */
  question: ReactNode;
  detail?: ReactNode;
  loading?: boolean;
  onConfirm: () => unknown;
}

/** A batch action in a list's toolbar, for the holders of `perm`: runs on the selected rows once confirmed. */
export function BatchButton({ perm, label, okText = label, icon, danger, count, question, detail, loading, onConfirm }: BatchButtonProps) {
  return (
    <Auth perm={perm}>
      <Popconfirm title={question} description={detail} disabled={!count} onConfirm={onConfirm} okText={okText} okButtonProps={{ danger }}>
        <Button danger={danger} icon={icon} disabled={!count} loading={loading}>
          {label}
        </Button>
      </Popconfirm>
    </Auth>
  );
}

/** 批量删除 in a list's toolbar: deletes the selected rows once confirmed. */
export function BatchDelete(props: Omit<BatchButtonProps, 'label' | 'okText' | 'icon' | 'danger'>) {
  return <BatchButton {...props} label="批量删除" okText="删除" icon={<DeleteOutlined />} danger />;
}
