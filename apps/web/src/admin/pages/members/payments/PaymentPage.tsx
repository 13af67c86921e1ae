import { useState } from 'react';
import { App } from 'antd';
import { formatYuan, membershipMessages, paymentMethods, paymentStatuses, toFen, type MemberPaymentDto } from '@portal/shared';
import { membershipAdminApi, type PaymentFilters } from '../../../../api/membership-admin';
import { saveFile } from '../../../../api/client';
import type { SearchField } from '../../../../components/SearchForm';
import { AddButton, ListPage, listResource, useListPage, useRefresh } from '../../../list';
import { duesKey, paymentsKey } from '../membershipKeys';
import { PaymentDialog } from './PaymentDialog';
import { PaymentStatusTag } from './PaymentStatusTag';
import { ReceiptDialog } from './ReceiptDialog';
import { VoidDialog } from './VoidDialog';

const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

const search: SearchField<PaymentFilters>[] = [
  { kind: 'input', name: 'key', label: '关键字', placeholder: '公司名称、账号、付款单位或收据编号' },
  { kind: 'memberLevel', name: 'memberlevel', label: '会员等级' },
  { kind: 'select', name: 'method', label: '缴费方式', options: options(paymentMethods) },
  { kind: 'select', name: 'status', label: '状态', options: options(paymentStatuses) },
  { kind: 'dateRange', name: 'paidDays', label: '缴费日期', names: ['start', 'end'] },
];

const payments = listResource<MemberPaymentDto, PaymentFilters>({
  key: paymentsKey,
  fetch: membershipAdminApi.payments,
  rowKey: 'PaymentId',
  search,
  numbered: false,
  columns: [
    { title: '收据编号', dataIndex: 'ReceiptNo', width: 110 },
    { title: '会员编号', dataIndex: 'MemberNo', width: 100 },
    { title: '公司名称', dataIndex: 'MemberName', width: 200, ellipsis: { showTitle: true } },
    { title: '等级', dataIndex: 'LevelName', width: 100 },
    { title: '金额', dataIndex: 'Amount', width: 120, align: 'right', render: (amount: number) => formatYuan(toFen(amount)) },
    { title: '缴费日期', dataIndex: 'PaidOn', width: 110 },
    { title: '付款单位', dataIndex: 'Payer', width: 180, ellipsis: { showTitle: true } },
    { title: '方式', dataIndex: 'MethodName', width: 90 },
    { title: '会籍期间', key: 'term', width: 200, render: (_, p) => `${p.TermFrom} 至 ${p.TermTo}` },
    {
      title: '状态',
      dataIndex: 'Status',
      width: 90,
      render: (status: MemberPaymentDto['Status'], p) => (
        <span title={p.VoidReason ? `作废原因：${p.VoidReason}` : undefined}>
          <PaymentStatusTag status={status} />
        </span>
      ),
    },
    { title: '登记人', dataIndex: 'Cashier', width: 100, render: (name: string, p) => <span title={p.RecordedBy}>{name}</span> },
  ],
  export: { perm: 'member:payment:export', run: membershipAdminApi.exportPayments },
  actionsWidth: 170,
});

/**
 * 会费管理 (component member/payment/index): the dues recorded, searched and exported; 登记缴费
 * with the member's standing; the receipt to print; 作废 with a reason.
 */
export default function PaymentPage() {
  const { message } = App.useApp();
  const page = useListPage(payments);
  // A payment or a void moves the member's 有效期至 and the year's sums too.
  const refresh = useRefresh([duesKey]);
  const [adding, setAdding] = useState(false);
  const [receipt, setReceipt] = useState<number | null>(null);
  const [voiding, setVoiding] = useState<MemberPaymentDto | null>(null);
  const [fetching, setFetching] = useState<number | null>(null);

  const voucher = async (p: MemberPaymentDto) => {
    setFetching(p.PaymentId);
    try {
      saveFile(await membershipAdminApi.voucher(p.PaymentId), `缴费凭证-${p.ReceiptNo}.${p.VoucherPath.split('.').pop() ?? ''}`);
    } catch {
      // Shown by the API client.
    } finally {
      setFetching(null);
    }
  };

  return (
    <ListPage
      resource={payments}
      page={page}
      toolbar={<AddButton perm="member:payment:add" label="登记缴费" onClick={() => setAdding(true)} />}
      rowActions={[
        { label: '收据', run: (p) => setReceipt(p.PaymentId) },
        { label: '凭证', when: (p) => p.VoucherPath !== '', busy: (p) => fetching === p.PaymentId, run: (p) => voucher(p) },
        {
          label: '作废',
          perm: 'member:payment:void',
          danger: true,
          disabled: (p) => p.Status !== 'paid',
          hint: (p) => (p.Status === 'void' ? membershipMessages.alreadyVoid : undefined),
          run: (p) => setVoiding(p),
        },
      ]}
    >
      <PaymentDialog open={adding} onClose={() => setAdding(false)} onSaved={refresh} onPrint={(p) => setReceipt(p.PaymentId)} />
      <ReceiptDialog paymentId={receipt} onClose={() => setReceipt(null)} />
      <VoidDialog
        payment={voiding}
        onClose={() => setVoiding(null)}
        onVoided={() => {
          void message.success(membershipMessages.paymentVoided);
          setVoiding(null);
          refresh();
        }}
      />
    </ListPage>
  );
}
