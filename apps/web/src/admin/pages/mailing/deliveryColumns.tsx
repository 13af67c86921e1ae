import { Tag, type TableColumnsType } from 'antd';

const stateColors: Record<string, string> = { waiting: 'default', queued: 'processing', sent: 'success', failed: 'error', site: 'blue', bounced: 'warning' };

/** What a row of a delivery table holds: one recipient's copy of a mailing (MailingRecipientDto, MemberMailingDto). */
interface Delivery {
  State: string;
  StateName: string;
  SentAt: string;
  Error: string;
}

/**
 * Where one copy of a mailing stands: its state in its colour, when it was sent, and for one that
 * failed or came back, why. The same columns in 发送记录 (a mailing's recipients) and in the member
 * dialog's 收到的通知 (a member's mailings).
 */
export function deliveryColumns<T extends Delivery>(): TableColumnsType<T> {
  return [
    { title: '状态', dataIndex: 'State', width: 100, render: (state: string, r) => <Tag color={stateColors[state]}>{r.StateName}</Tag> },
    { title: '发送时间', dataIndex: 'SentAt', width: 150, render: (t: string) => t.slice(0, 16) || '—' },
    { title: '失败/退信原因', dataIndex: 'Error', render: (e: string) => e || '—' },
  ];
}
