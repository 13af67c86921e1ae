import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { formatYuan, toFen, type MemberReceiptDto } from '@portal/shared';
import { membersApi } from '../../api/members';
import { ReceiptModal, sealImage } from '../../components/receipt/ReceiptModal';
import { useSiteInfo } from '../layout/useSiteInfo';
import { useMemberSession } from '../member/session';
import styles from './membership.module.css';

/** The member's payments and the seal of their receipts, under the member's session. */
export const myPaymentsKey = ['myPayments'];
const receiptSealKey = ['myReceiptSeal'];

/** The fragment the receipt e-mail links to (…/member/membership#receipt-12): that receipt, shown at once. */
const linkedReceipt = () => Number(/^#receipt-(\d+)$/.exec(window.location.hash)?.[1] ?? 0);

/**
 * 缴费记录 in 我的会籍: each payment's day, amount, term and receipt number, and its receipt to
 * view, print or save as a PDF from the browser's print window (the back office's receipt,
 * with the seal). A table on a screen; on a phone each payment is a card of labelled lines.
 */
export function MyPayments() {
  const { memberCallsOpen } = useMemberSession();
  const payments = useQuery({ queryKey: myPaymentsKey, queryFn: membersApi.payments, enabled: memberCallsOpen, retry: false });
  const [shown, setShown] = useState<MemberReceiptDto | null>(null);
  const seal = useQuery({
    queryKey: receiptSealKey,
    queryFn: async () => sealImage(await membersApi.receiptSeal()),
    enabled: shown !== null,
    staleTime: Infinity,
    retry: false,
  });
  const issuer = useSiteInfo().data?.Name ?? '';

  useEffect(() => {
    const openLinked = () => {
      const linked = payments.data?.find((p) => p.PaymentId === linkedReceipt());
      if (linked) setShown(linked);
    };
    openLinked();
    // A second link followed while the page is open changes only the fragment.
    window.addEventListener('hashchange', openLinked);
    return () => window.removeEventListener('hashchange', openLinked);
  }, [payments.data]);

  return (
    <section className={styles.section} aria-labelledby="my-payments">
      <h2 id="my-payments">缴费记录与收据</h2>
      {payments.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : payments.isError ? (
        <p>缴费记录暂时无法获取，请稍后再试。</p>
      ) : payments.data.length === 0 ? (
        <p>暂无缴费记录。协会登记您的缴费后，收据将显示在这里。</p>
      ) : (
        <table className={styles.payments}>
          <thead>
            <tr>
              <th scope="col">缴费日期</th>
              <th scope="col">金额</th>
              <th scope="col">会籍期间</th>
              <th scope="col">收据编号</th>
              <th scope="col">收据</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.map((p) => (
              <tr key={p.PaymentId} id={`receipt-${p.PaymentId}`}>
                <td data-label="缴费日期">{p.PaidOn}</td>
                <td data-label="金额" className={styles.amount}>
                  {formatYuan(toFen(p.Amount))}
                  {p.Status === 'void' && <Tag className={styles.voidTag}>{p.StatusName}</Tag>}
                </td>
                <td data-label="会籍期间">
                  {p.TermFrom} 至 {p.TermTo}
                </td>
                <td data-label="收据编号">{p.ReceiptNo}</td>
                <td data-label="收据">
                  <Button size="small" onClick={() => setShown(p)} aria-label={`查看收据 ${p.ReceiptNo}`}>
                    查看 / 打印 / 下载PDF
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ReceiptModal
        open={shown !== null}
        receipt={shown ?? undefined}
        issuer={issuer}
        seal={seal.data}
        sealSettled={seal.isSuccess || seal.isError}
        onClose={() => setShown(null)}
      />
    </section>
  );
}
