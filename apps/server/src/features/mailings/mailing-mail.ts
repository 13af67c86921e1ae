import type { OutgoingMail } from '../mail/outbox.js';
import type { RenderedMail } from './merge-fields.js';
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from './unsubscribe.js';

/**
 * A mailing's mail to one member, as the outbox keeps it: the HTML part with the plain text
 * beside it, and the headers mail providers look for in bulk mail (RFC 2369, RFC 8058):
 * List-Unsubscribe with the one-click address and a mailto one, List-Unsubscribe-Post, and a
 * Message-ID of the mailing and member, the same on every retry, so a client shows one mail even
 * if a retry goes through twice. The Date header is the transport's, at sending. Pictures stay
 * linked by URL as the body has them: embedding them would make every mail many times larger.
 *
 * With 打开跟踪 on when the mailing went out, the HTML ends with its recipient's one-pixel
 * picture (opens.ts); the plain text never carries one.
 *
 * The 退订 a person clicks (the HTML's link, the text's footer) leads to the unsubscribe page,
 * which asks before it acts; only the header names the API's one-click address, for mail clients.
 */
export function mailingMail(
  rendered: RenderedMail,
  to: { email: string; memberId: number; mailingId: number },
  links: { unsubscribeToken: string; siteEmail: string; baseUrl: string; openPixel?: string },
): OutgoingMail {
  const host = URL.canParse(links.baseUrl) ? new URL(links.baseUrl).hostname : 'localhost';
  const page = unsubscribePageUrl(links.baseUrl, links.unsubscribeToken);
  const footer = `不想再收到此类通知？退订：${page}`;
  return {
    recipient: to.email,
    subject: rendered.subject,
    body: `${rendered.text}\n\n${footer}`,
    html: `${rendered.html}<hr><p style="color:#888;font-size:12px">不想再收到此类通知？<a href="${page}">退订</a></p>${links.openPixel ?? ''}`,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(links.baseUrl, links.unsubscribeToken)}>, <mailto:${links.siteEmail}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': `<mailing-${to.mailingId}-${to.memberId}@${host}>`,
    },
  };
}
