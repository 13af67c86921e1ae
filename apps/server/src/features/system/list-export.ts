import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@portal/shared';
import { EXPORT_PAGE, sendWorkbook, type ListWorkbook } from '../../http/xlsx-export.js';
import { adminWrite } from './auth/guard.js';

/** A back-office list's export (导出): its workbook, and what it is audited as. */
export interface ListExport<T> extends ListWorkbook<T> {
  /** The export's button permission. */
  permission: Permission;
  /** The audit log's kind of record, e.g. 文章. */
  target: string;
  /** What the audit log adds to 导出<title>, e.g. that personal data went out in the clear. */
  auditNote?: string;
}

/**
 * Answers an export call: audited under its permission (a refusal too), then the workbook
 * streamed (http/xlsx-export.ts). Everything that can be checked is checked before the download
 * begins: the parameters (the route's schema), the permission, and the first page, read before
 * anything is sent, so a search the database refuses (or the database away) is answered with
 * the envelope and its code.
 */
export async function sendListExport<T>(request: FastifyRequest, reply: FastifyReply, what: ListExport<T>) {
  const first = await adminWrite(request, { action: what.permission, target: what.target, detail: () => `导出${what.title}${what.auditNote ?? ''}` }, () =>
    what.read({ pageindex: 1, pagesize: EXPORT_PAGE }),
  );
  return sendWorkbook(reply, what, first);
}
