import { createPortal } from 'react-dom';
import { Button, Modal, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { dialogWidth, formatYuan, formatYuanInWords, toFen, type MemberReceiptDto } from '@portal/shared';
import styles from './receipt.module.css';

/** The seal's SVG as a data address: an <img> cannot send the token the seal's call needs, and a data address is never revoked under it. */
export const sealImage = async (svg: Blob) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await svg.text())}`;

interface ReceiptProps {
  receipt: MemberReceiptDto;
  issuer: string;
  seal: string | undefined;
  /** The recorder's account, shown on hovering 收款人 (the back office only). */
  cashierAccount?: string;
}

/** One receipt as printed: the association, 会费收据, number and day, payer, member, item, amount in figures and 大写, method, cashier and the seal. */
function Receipt({ receipt, issuer, seal, cashierAccount }: ReceiptProps) {
  const fen = toFen(receipt.Amount);
  return (
    <article className={styles.receipt} aria-label="会费收据">
      {receipt.Status === 'void' && (
        <div className={styles.watermark} aria-label="已作废">
          已作废
        </div>
      )}
      <header className={styles.head}>
        <div className={styles.issuer}>{issuer}</div>
        <h2 className={styles.title}>会费收据</h2>
        <div className={styles.meta}>
          <span>收据编号：{receipt.ReceiptNo}</span>
          <span>日期：{receipt.PaidOn}</span>
        </div>
      </header>
      <table className={styles.sheet}>
        <tbody>
          <tr>
            <th scope="row">交款单位</th>
            <td colSpan={3}>{receipt.Payer}</td>
          </tr>
          <tr>
            <th scope="row">会员名称</th>
            <td>{receipt.MemberName}</td>
            <th scope="row">会员编号</th>
            <td>{receipt.MemberNo}</td>
          </tr>
          <tr>
            <th scope="row">项目</th>
            <td colSpan={3}>
              {receipt.LevelName}会费（会籍期间 {receipt.TermFrom} 至 {receipt.TermTo}）
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
            <td>{receipt.MethodName}</td>
          </tr>
          {receipt.Note && (
            <tr>
              <th scope="row">备注</th>
              <td colSpan={3}>{receipt.Note}</td>
            </tr>
          )}
        </tbody>
      </table>
      <footer className={styles.foot}>
        <span>收款单位（盖章）：{issuer}</span>
        <span title={cashierAccount && cashierAccount !== receipt.Cashier ? `登记账号：${cashierAccount}` : undefined}>收款人：{receipt.Cashier}</span>
      </footer>
      {seal && <img className={styles.seal} src={seal} alt="财务专用章" width={120} height={120} />}
    </article>
  );
}

interface ReceiptModalProps extends Partial<ReceiptProps> {
  open: boolean;
  /** Whether the seal has come or failed: printing waits for it, so a printed receipt is not missing its stamp by haste. */
  sealSettled: boolean;
  onClose: () => void;
}

/**
 * 收据 of one payment, printed with the browser: 打印, or 另存为PDF in its print window. What prints
 * is a copy of the receipt placed straight under <body> (as 审批单 does): the print style shows it
 * alone on an A5 sheet, without the page or the dialog's frame around it. The back office's
 * 会费管理 and the member's 我的会籍 both open it.
 */
export function ReceiptModal({ open, receipt, issuer = '', seal, sealSettled, cashierAccount, onClose }: ReceiptModalProps) {
  return (
    <Modal
      title="收据"
      open={open}
      width={dialogWidth.medium}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!receipt || !sealSettled} onClick={() => window.print()}>
          打印 / 另存为PDF
        </Button>,
      ]}
    >
      {receipt ? <Receipt receipt={receipt} issuer={issuer} seal={seal} cashierAccount={cashierAccount} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      {receipt && <p className={styles.hint}>在打印窗口的“目标打印机”中选择“另存为PDF”即可下载PDF文件。</p>}
      {open &&
        receipt &&
        createPortal(
          <div className={styles.printCopy}>
            <Receipt receipt={receipt} issuer={issuer} seal={seal} cashierAccount={cashierAccount} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
