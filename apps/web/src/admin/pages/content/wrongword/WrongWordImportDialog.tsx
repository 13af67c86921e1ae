import { useState } from 'react';
import type { WrongWordsImportedDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { ImportReport, SpreadsheetImportDialog } from '../../../shared/SpreadsheetImportDialog';

type Imported = { sheet: string; notes: WrongWordsImportedDto['Notes'] };

/**
 * 导入易错词: an .xlsx of 错误写法, 正确写法 and 级别 (an export's columns). The good rows are
 * imported; each row updated or left out is listed after, with its reason, to download beside
 * the sheet. Opened by a button under permission content:wrongword:import.
 */
export function WrongWordImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [imported, setImported] = useState<Imported | null>(null);
  return (
    <SpreadsheetImportDialog
      title="导入易错词"
      open={open}
      onClose={() => {
        setImported(null);
        onClose();
      }}
      onImported={onImported}
      hint="表头须含“错误写法”和“正确写法”，“级别”可选（严重或一般，留空为一般），列的顺序不限；导出的文件可直接修改后导入。词库中已有的错误写法按表格更新；重复、错误写法与正确写法相同、为空或超过50个字的行跳过，其余照常导入，导入后列出每个更新或跳过的行。"
      send={async (file, progress) => {
        setImported(null);
        const { message, result } = await contentAdminApi.importWrongWords(file, progress);
        setImported({ sheet: file.name, notes: result.Notes });
        return message;
      }}
      outcome={
        imported &&
        imported.notes.length > 0 && (
          <ImportReport type="warning" message={`以下${imported.notes.length}行已更新或跳过`} errors={imported.notes} sheet={imported.sheet} />
        )
      }
    />
  );
}
