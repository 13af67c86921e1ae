import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message as the mail server received it, decoded. */
export interface Received {
  to: string[];
  /** The envelope sender (MAIL FROM), where returned mail would go. */
  envelopeFrom: string;
  subject: string;
  text: string;
  /** The HTML part; '' none. */
  html: string;
  /** Each header as sent, by its name in lower case. */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface MailServerOptions {
  /** Asked for each recipient: a reason refuses it (550), null accepts. */
  refuse?: () => string | null;
  /** The account the server asks for (AUTH over the plain connection); none: no AUTH at all. */
  auth?: { user: string; password: string; refuse?: () => string | null };
}

/**
 * A mail server (smtp-server) listening on loopback inside the test: it keeps what it receives,
 * parsed by mailparser (headers, text and attachments decoded), or refuses as told.
 */
export async function startMailServer(options: MailServerOptions = {}): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const refusal = (reason: string, responseCode: number) => Object.assign(new Error(reason), { responseCode });
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const reason = options.auth?.refuse?.();
      if (reason) return callback(refusal(reason, 535));
      if (auth.username !== options.auth?.user || auth.password !== options.auth?.password) return callback(refusal('Invalid username or password', 535));
      return callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      const reason = options.refuse?.();
      return reason ? callback(refusal(reason, 550)) : callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
            attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  } satisfies SMTPServerOptions);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
