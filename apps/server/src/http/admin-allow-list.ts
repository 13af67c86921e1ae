import net from 'node:net';
import { Code, systemMessages } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { AdminAllowList } from './admin-addresses.js';

const isBackOffice = (url: string) => url.startsWith('/api/XfSystemApi/') || url.startsWith('/api/XfSysBussiness/') || /^\/System(\/|\?|$)/.test(url);

/** The back office's door: other addresses get 403 with the reason, as an envelope to calls and a short page to /System. */
export function guardBackOffice(app: FastifyInstance, list: AdminAllowList | undefined): void {
  if (!list) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isBackOffice(request.url)) return;
    const address = request.clientAddress;
    if (list.ranges.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')) return;
    request.log.warn({ address }, 'back office refused: address not in ADMIN_ALLOWED_ADDRESSES');
    const message = systemMessages.addressNotAllowed;
    if (request.url.startsWith('/api/')) return reply.code(403).send({ Code: Code.Forbidden, Message: message, Data: null });
    return reply
      .code(403)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>无法访问</title><p>${message}</p></html>`);
  });
}
