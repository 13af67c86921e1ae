import { simpleParser } from 'mailparser';

/**
 * A delivery status notification (RFC 3464) as the bounce job needs it: a multipart/report of
 * report-type delivery-status whose message/delivery-status part holds a block of fields per
 * recipient (Final-Recipient, Action, Status, Diagnostic-Code). Only `Action: failed` with a
 * permanent status (5.x.x) is a hard bounce; a delay (`Action: delayed`, 4.x.x) is the returning
 * server still trying, and anything that is not a report (an auto-reply, a notice written by
 * hand) is no bounce at all.
 */

export interface DeliveryReport {
  /** The permanent failure's status and diagnostic on one line; null when no recipient failed for good. */
  hardBounce: { finalRecipient: string; reason: string } | null;
  /** Where the mail server delivered the report: Delivered-To, X-Original-To, To, in that order (a VERP address is looked for in them). */
  deliveredTo: string[];
  /** The whole report as text, where the returned message's own headers are looked for. */
  text: string;
}

const REASON_MAX = 500;
const PERMANENT = /^5\.\d{1,3}\.\d{1,3}\b/;
const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);

/** The report a message is, or null for a message that is not one. Throws on what is not a message at all. */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport | null> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true });
  const status = mail.attachments.find((a) => STATUS_PARTS.has(a.contentType));
  if (!status) return null;
  // The message's own block has no Action: only a recipient's can match.
  const failed = statusBlocks(status.content.toString('utf8')).find(
    (r) => r.get('action')?.toLowerCase() === 'failed' && PERMANENT.test(r.get('status') ?? ''),
  );
  const deliveredTo = ['delivered-to', 'x-original-to', 'to'].flatMap((key) =>
    mail.headerLines.filter((h) => h.key === key).map((h) => h.line.slice(h.line.indexOf(':') + 1).trim()),
  );
  return {
    hardBounce: failed ? { finalRecipient: addressOf(failed.get('final-recipient') ?? ''), reason: reasonOf(failed) } : null,
    deliveredTo,
    text: unfold(raw.toString('utf8')),
  };
}

/** The status part's blocks of fields (the message's, then one per recipient), names in lower case. */
function statusBlocks(text: string): Map<string, string>[] {
  return unfold(text)
    .split(/\r?\n\s*\r?\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** Header folding undone: a line starting with white space continues the one before. */
const unfold = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ');

/** `rfc822; beta@example.com` → the address. */
const addressOf = (field: string) => field.slice(field.indexOf(';') + 1).trim();

/** `5.1.1` and the diagnostic without its type (`smtp; 550 5.1.1 … User unknown`), one line, cut to the column's length. */
function reasonOf(fields: Map<string, string>): string {
  const diagnostic = fields.get('diagnostic-code') ?? '';
  return `${fields.get('status')} ${diagnostic.slice(diagnostic.indexOf(';') + 1)}`.replace(/\s+/g, ' ').trim().slice(0, REASON_MAX);
}
