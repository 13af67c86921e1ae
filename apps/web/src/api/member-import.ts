import type { MemberImportResultDto } from '@portal/shared';
import { download } from './client';
import { uploadSheet, type UploadProgress } from './imports';

/** Back-office member import (/api/XfSysBussiness/ImportMembers and its template; permission member:import). */
export const memberImportApi = {
  template: () => download('/api/XfSysBussiness/GetMemberImportTemplate', '会员导入模板.xlsx', { side: 'admin' }),
  /** Sends the sheet; answers the server's message and each imported member's random initial password. */
  importFile: (file: File, progress: UploadProgress) =>
    uploadSheet<MemberImportResultDto>('XfSysBussiness/ImportMembers', file, progress).then((r) => ({ message: r.Message, accounts: r.Data.Accounts })),
};
