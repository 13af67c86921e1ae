import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { dialogWidth, formatYuan, formatYuanInWords, toFen, type MemberPaymentDto } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { useSiteInfo } from '../../../../portal/layout/useSiteInfo';
import { paymentKey, receiptSealKey } from '../membershipKeys';
import styles from './receipt.module.css';

/** The seal as a data address: an <img> cannot send the token the seal's call needs, and a data address is never revoked under it. */
async function sealImage(): Promise<string> {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await (await membershipAdminApi.receiptSeal()).text())}`;
}

/** One receipt as printed: the association, 会费收据, number and day, payer, member, item, amount in figures and 大写, method, cashier and the seal. */
function Receipt({ payment, issuer, seal }: { payment: MemberPaymentDto; issuer: string; seal: string | undefined }) {
  const fen = toFen(payment.Amount);
  return (
    <article className={styles.receipt} aria-label="会费收据">
      {payment.Status === 'void' && (
        <div className={styles.watermark} aria-label="已作废">
          已作废
        </div>
      )}
      <header className={styles.head}>
        <div className={styles.issuer}>{issuer}</div>
        <h2 className={styles.title}>会费收据</h2>
        <div className={styles.meta}>
          <span>收据编号：{payment.ReceiptNo}</span>
          <span>日期：{payment.PaidOn}</span>
        </div>
      </header>
      <table className={styles.sheet}>
        <tbody>
          <tr>
            <th scope="row">交款单位</th>
            <td colSpan={3}>{payment.Payer}</td>
          </tr>
          <tr>
            <th scope="row">会员名称</th>
            <td>{payment.MemberName}</td>
            <th scope="row">会员编号</th>
            <td>{payment.MemberNo}</td>
          </tr>
          <tr>
            <th scope="row">项目</th>
            <td colSpan={3}>
              {payment.LevelName}会费（会籍期间 {payment.TermFrom} 至 {payment.TermTo}）
            </td>
          </tr>
          <tr>
            <th scope="row">金额（大写）</th>
            <td colSpan={3} className={styles.words}>
              人民币{formatYuanInWords(fen)}
            </td>
          </tr>
          <tr>
            <th scope="row">金额（小写）</th>
            <td className={styles.figures}>{formatYuan(fen)}</td>
            <th scope="row">缴费方式</th>
            <td>{payment.MethodName}</td>
          </tr>
          {payment.Note && (
            <tr>
              <th scope="row">备注</th>
              <td colSpan={3}>{payment.Note}</td>
            </tr>
          )}
        </tbody>
      </table>
      <footer className={styles.foot}>
        <span>收款单位（盖章）：{issuer}</span>
        <span>收款人：{payment.RecordedBy}</span>
      </footer>
      {seal && <img className={styles.seal} src={seal} alt="财务专用章" width={120} height={120} />}
    </article>
  );
}

/**
 * 收据 of one payment, printed with the browser (打印, or 另存为PDF there). What prints is a copy
 * of the receipt placed straight under <body> (as 审批单 does): the print style shows it alone on
 * an A5 sheet, without the back office or the dialog's frame around it.
 */
export function ReceiptDialog({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const payment = useQuery({ queryKey: paymentKey(paymentId ?? 0), queryFn: () => membershipAdminApi.payment(paymentId!), enabled: paymentId !== null });
  const seal = useQuery({ queryKey: receiptSealKey, queryFn: sealImage, enabled: paymentId !== null, staleTime: Infinity });
  const issuer = useSiteInfo().data?.Name ?? '';
  const ready = payment.data && (seal.isSuccess || seal.isError);
  return (
    <Modal
      title="收据"
      open={paymentId !== null}
      width={dialogWidth.medium}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!ready} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      {payment.data ? <Receipt payment={payment.data} issuer={issuer} seal={seal.data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      {payment.data &&
        createPortal(
          <div className={styles.printCopy}>
            <Receipt payment={payment.data} issuer={issuer} seal={seal.data} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
