import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatYuan, toFen, type MemberPaymentDto, type MembershipReminderDto } from '@portal/shared';
import { membersAdminApi } from '../../../api/members-admin';
import { membershipAdminApi } from '../../../api/membership-admin';
import { useAuth } from '../../access/AdminSession';
import { CardRevocation } from './CardRevocation';
import { membershipKey } from './keys';
import { paymentsKey, standingKey } from './membershipKeys';
import { MembershipStateTag } from '../../../components/MembershipStateTag';
import styles from './members.module.css';

const yuan = (amount: number) => formatYuan(toFen(amount));

/** Where a reminder's e-mail stands (MembershipReminderDto.MailState). */
const mailStateNames: Record<string, string> = { pending: '待发送', sent: '已发送', failed: '发送失败', none: '未发送（未配置邮件服务器或无邮箱）' };

const reminderColumns: TableColumnsType<MembershipReminderDto> = [
  { title: '类型', dataIndex: 'KindName', width: 140 },
  { title: '有效期至', dataIndex: 'TermEnd', width: 110 },
  { title: '收件人', dataIndex: 'Recipient', ellipsis: { showTitle: true }, render: (to: string) => to || '-' },
  { title: '邮件状态', dataIndex: 'MailState', width: 250, render: (state: string) => mailStateNames[state] ?? state },
  { title: '时间', dataIndex: 'CreateTime', width: 170 },
];

const paymentColumns: TableColumnsType<MemberPaymentDto> = [
  { title: '收据编号', dataIndex: 'ReceiptNo', width: 120 },
  { title: '金额', dataIndex: 'Amount', width: 120, align: 'right', render: yuan },
  { title: '缴费日期', dataIndex: 'PaidOn', width: 110 },
  { title: '会籍期间', key: 'term', render: (_, p) => `${p.TermFrom} 至 ${p.TermTo}` },
  { title: '状态', dataIndex: 'StatusName', width: 90, render: (name: string, p) => <Tag color={p.Status === 'void' ? 'default' : 'success'}>{name}</Tag> },
];

/**
 * The 会籍 of an approved member, read-only in the member dialog: level, fee and dates, the
 * renewal reminders sent and where their e-mails stand, the latest dues, and the electronic
 * card's 吊销/恢复. Dues are recorded in 会费管理; the dates are edited in the form above.
 */
export function MembershipSection({ memberId }: { memberId: number }) {
  const can = useAuth();
  const canSeePayments = can('member:payment:list');
  // The standing and the dues share 会费管理's queries, so a payment recorded there shows here at once.
  const membership = useQuery({ queryKey: standingKey(memberId), queryFn: () => membershipAdminApi.membership(memberId) });
  const reminders = useQuery({ queryKey: [...membershipKey(memberId), 'reminders'], queryFn: () => membersAdminApi.reminders(memberId) });
  const latest = { memberid: memberId, pageindex: 1, pagesize: 10 };
  const payments = useQuery({ queryKey: [...paymentsKey, latest], queryFn: () => membershipAdminApi.payments(latest), enabled: canSeePayments });
  const m = membership.data;

  return (
    <section aria-label="会籍" className={styles.underRecord}>
      <Typography.Title level={5}>会籍</Typography.Title>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label="会员编号">{m?.MemberNo}</Descriptions.Item>
        <Descriptions.Item label="等级">{m?.LevelName || '-'}</Descriptions.Item>
        <Descriptions.Item label="年费">{m && (m.AnnualFee ? `${yuan(m.AnnualFee)}（${m.TermName}）` : '免会费')}</Descriptions.Item>
        <Descriptions.Item label="状态">{m && <MembershipStateTag state={m.State} />}</Descriptions.Item>
        <Descriptions.Item label="入会日期">{m && (m.JoinDate || '-')}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{m && (m.ExpireDate || '长期')}</Descriptions.Item>
        <Descriptions.Item label="宽限期至">{m && (m.GraceEndDate || '-')}</Descriptions.Item>
        <Descriptions.Item label="电子会员证">
          {m && (m.CardRevokedAt ? <Tag color="error">已吊销（{m.CardRevokedAt.slice(0, 10)}）</Tag> : <Tag color="success">正常</Tag>)}
          <CardRevocation memberId={memberId} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>续费提醒</Typography.Title>
      <Table<MembershipReminderDto>
        size="small"
        rowKey={(r) => `${r.Kind}/${r.TermEnd}`}
        columns={reminderColumns}
        dataSource={reminders.data}
        loading={reminders.isLoading}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: '暂无续费提醒' }}
      />
      {canSeePayments && (
        <>
          <Typography.Title level={5}>缴费记录</Typography.Title>
          <Table<MemberPaymentDto>
            size="small"
            rowKey="PaymentId"
            columns={paymentColumns}
            dataSource={payments.data?.List}
            loading={payments.isLoading}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: '暂无缴费记录' }}
          />
        </>
      )}
    </section>
  );
}
