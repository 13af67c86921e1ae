import { certMessages } from '@portal/shared';
import { certificatesAdminApi } from '../../../api/certificates-admin';
import { SpreadsheetImportDialog } from '../../shared/SpreadsheetImportDialog';
import type { CertPageSpec } from './certPages';

/** 导入: the exam office's .xlsx (the template's columns, any order), all rows or none. */
export function ImportDialog({ page, open, onClose, onImported }: { page: CertPageSpec; open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <SpreadsheetImportDialog
      title={`导入${page.title}`}
      open={open}
      onClose={onClose}
      onImported={onImported}
      hint={`请使用导入模板填写：表头须含姓名、身份证号、考试时间、考试结果，其余列可选，列的顺序不限；日期可写作2024-05-12或2024/5/12。文件中任何一行有误则整份不导入，请按错误报告修改后重新导入。${page.importNote}`}
      downloadTemplate={certificatesAdminApi.template}
      send={async (file, progress) => certMessages.imported((await certificatesAdminApi.importFile(file, page.view, progress)).Imported)}
    />
  );
}
