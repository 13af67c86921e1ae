import http from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@portal/shared';
import type { Envelope } from './envelope.js';

/**
 * A request Node's parser refuses before Fastify sees it: an address or headers over the 16 KB
 * limit (a fuzzed export's long filter), a malformed request line, a client too slow to send
 * its headers. Fastify's own answer is English JSON outside our envelope; this one says it in
 * the envelope and in Chinese, like every other refusal, and then closes the connection as
 * Node does (the rest of that request cannot be read).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A client that reset the connection hears nothing.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.requestTooLong]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimedOut]
        : [400, messages.badParameter];
  const body = JSON.stringify({ Code: status, Message: message, Data: null } satisfies Envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
