import type { MemberImportResultDto } from '@portal/shared';
import { download } from './client';
import { uploadSheet, type UploadProgress } from './imports';

/** Back-office member import (/api/XfSysBussiness/ImportMembers and its template; permission member:import). */
export const memberImportApi = {
  template: () => download('/api/XfSysBussiness/GetMemberImportTemplate', '会员导入模板.xlsx', { side: 'admin' }),
  /** Sends the sheet with the imported members' initial password; answers the server's message (成功导入N个会员). */
  importFile: (file: File, password: string, progress: UploadProgress) =>
    uploadSheet<MemberImportResultDto>('XfSysBussiness/ImportMembers', file, progress, { fields: { Pwd: password } }).then((r) => r.Message),
};
