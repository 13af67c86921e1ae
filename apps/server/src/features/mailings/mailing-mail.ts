import type { OutgoingMail } from '../mail/outbox.js';
import type { RenderedMail } from './merge-fields.js';

/**
 * A mailing's mail to one member, as the outbox keeps it: the HTML part with the plain text
 * beside it, and the headers mail providers look for in bulk mail (RFC 2369, RFC 8058):
 * List-Unsubscribe with the one-click address and a mailto one, List-Unsubscribe-Post, and a
 * Message-ID of the mailing and member, the same on every retry, so a client shows one mail even
 * if a retry goes through twice. The Date header is the transport's, at sending. Pictures stay
 * linked by URL as the body has them: embedding them would make every mail many times larger.
 */
export function mailingMail(
  rendered: RenderedMail,
  to: { email: string; memberId: number; mailingId: number },
  links: { unsubscribe: string; siteEmail: string; baseUrl: string },
): OutgoingMail {
  const host = URL.canParse(links.baseUrl) ? new URL(links.baseUrl).hostname : 'localhost';
  const footer = `不想再收到此类通知？退订：${links.unsubscribe}`;
  return {
    recipient: to.email,
    subject: rendered.subject,
    body: `${rendered.text}\n\n${footer}`,
    html: `${rendered.html}<hr><p style="color:#888;font-size:12px">不想再收到此类通知？<a href="${links.unsubscribe}">退订</a></p>`,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>, <mailto:${links.siteEmail}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': `<mailing-${to.mailingId}-${to.memberId}@${host}>`,
    },
  };
}
