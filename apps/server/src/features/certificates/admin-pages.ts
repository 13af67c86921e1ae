import { certMessages, type CertView, type Permission } from '@portal/shared';
import { requireAdmin } from '../system/auth/guard.js';

/** What the audit log names as the target of every certificate call. */
export const TARGET = '证书';
export const certMissing = { 404: certMessages.certNotFound };

/**
 * The back office's two pages over the records: 证书列表 (view 'cert', permissions cert:*) and
 * 考试成绩 (view 'score', cert:score:*). Every call names its view (default 'cert'); the
 * caller needs that page's permission, and reaches only records within it.
 */
export const pages: Record<
  CertView,
  { name: string; list: Permission; edit: Permission; delete: Permission; import: Permission; export: Permission; idNumbers: Permission }
> = {
  cert: {
    name: '证书列表',
    list: 'cert:list',
    edit: 'cert:edit',
    delete: 'cert:delete',
    import: 'cert:import',
    export: 'cert:export',
    idNumbers: 'cert:idnum',
  },
  score: {
    name: '考试成绩',
    list: 'cert:score:list',
    edit: 'cert:score:edit',
    delete: 'cert:score:delete',
    import: 'cert:score:import',
    export: 'cert:score:export',
    idNumbers: 'cert:score:idnum',
  },
};
export const either = (action: 'list' | 'edit' | 'delete' | 'import' | 'export') => requireAdmin(pages.cert[action], pages.score[action]);
/** The audit log's record id for one record; a batch is listed in the detail instead. */
export const batch = (ids: number[]) => (ids.length === 1 ? { targetId: ids[0] } : {});
