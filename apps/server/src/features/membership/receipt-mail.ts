import { formatYuan, formatYuanInWords, paymentMethods, sitePages } from '@portal/shared';
import type { MailContext } from '../mail/context.js';
import type { OutgoingMail } from '../mail/outbox.js';
import type { Payment } from './payments.js';

/** Where 我的会籍 opens one receipt: its list scrolled to it and the receipt shown (MyPayments reads the fragment). */
export const receiptAddress = (baseUrl: string, paymentId: number) => `${baseUrl}${sitePages.membership.path}#receipt-${paymentId}`;

/**
 * The receipt of a payment just recorded, mailed to the member: what the receipt says, in
 * plain text, and the link to it in 我的会籍, where it is shown with the seal, printed, or saved
 * as a PDF from the browser's print window (decisions.md, "Dues receipts for members").
 */
export function receiptMail(context: MailContext, payment: Payment, recipient: string): OutgoingMail {
  const body = [
    `${payment.memberName}：`,
    '',
    '贵单位缴纳的会费已登记，收据如下：',
    '',
    `收据编号：${payment.receiptNo}`,
    `缴费日期：${payment.paidOn}`,
    `交款单位：${payment.payer}`,
    `项目：${payment.levelName}会费（会籍期间 ${payment.termFrom} 至 ${payment.termTo}）`,
    `金额：${formatYuan(payment.amountFen)}（人民币${formatYuanInWords(payment.amountFen)}）`,
    `缴费方式：${paymentMethods[payment.method] ?? payment.method}`,
    `收款人：${payment.adminName || payment.adminAccount}`,
    '',
    `查看、打印或下载收据（PDF）：${receiptAddress(context.baseUrl, payment.id)}`,
    '登录会员账号后即可查看；在收据上点“打印 / 另存为PDF”，打印窗口的目标选“另存为PDF”即得PDF文件。',
    '',
    '（本邮件由系统自动发送，请勿直接回复。）',
    context.siteName,
  ].join('\n');
  return { recipient, subject: `【${context.siteName}】会费收据 ${payment.receiptNo}`, body };
}
