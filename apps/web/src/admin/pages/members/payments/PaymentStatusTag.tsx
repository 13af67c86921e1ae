import { Tag } from 'antd';
import { paymentStatuses, type PaymentStatus } from '@portal/shared';

const colors: Record<PaymentStatus, string> = { paid: 'success', pending: 'warning', void: 'default' };

/** 已收款 / 待支付 / 已作废. */
export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  return <Tag color={colors[status]}>{paymentStatuses[status]}</Tag>;
}
