import QRCode from 'qrcode';
import type { MailAttachment } from '../mail/outbox.js';

/**
 * What a signed-up member's e-mails (the sign-up confirmation, a reminder) carry for the door:
 * the check-in code in the text and the check-in QR as a picture, the same QR the member's
 * activity page shows (its token).
 */
export interface CheckInPassMail {
  lines: string[];
  attachments: MailAttachment[];
}

export const noPass: CheckInPassMail = { lines: [], attachments: [] };

/** The pass of a notice signed up with its keys; noPass otherwise (not signed up, or a sign-up from before check-in). */
export async function checkInPassMail(notice: { signed_up_at: string; check_in_token: string | null; check_in_code: string | null }): Promise<CheckInPassMail> {
  if (!notice.signed_up_at || !notice.check_in_token || !notice.check_in_code) return noPass;
  const png = await QRCode.toBuffer(notice.check_in_token, { width: 300, margin: 2, errorCorrectionLevel: 'M' });
  return {
    lines: [`签到码：${notice.check_in_code}`, '到场后请向工作人员出示附件中的签到二维码（活动页面也可查看），或报出签到码。', ''],
    attachments: [{ filename: '签到二维码.png', contentType: 'image/png', content: png.toString('base64'), encoding: 'base64' }],
  };
}
