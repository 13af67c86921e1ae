import type { FastifyRequest } from 'fastify';
import { messageBoardMessages } from '@portal/shared';
import { currentAdmin } from '../system/auth/guard.js';
import { scopeOf } from './scope.js';

/** What the back office's message writes share: the audit log's kind of record, their refusals, who acts and over which messages. */
export const MESSAGE_TARGET = '留言';

export const staffRefusals = { 400: messageBoardMessages.closed, 403: messageBoardMessages.notYourDepartment, 404: messageBoardMessages.notFound };

/** The admin the guard admitted, with the messages they may work on. */
export async function staffOf(request: FastifyRequest) {
  const admin = currentAdmin(request);
  return { admin, scope: await scopeOf(request.server.services.database.db, admin) };
}
