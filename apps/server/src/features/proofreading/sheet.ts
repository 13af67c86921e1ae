import { wrongWordSeverityNames, type WrongWordSeverity } from '@portal/shared';
import type { ExportColumn } from '../../http/xlsx-export.js';
import { columnByHeader } from '../uploads/xlsx-import.js';
import type { WrongWord } from './service.js';

/**
 * The dictionary's spreadsheet columns: ExportWrongWords writes them and ImportWrongWords reads
 * them (by header, in any order), so an export can be edited and imported back.
 */
export interface WrongWordColumn extends ExportColumn<WrongWord> {
  field: 'Wrong' | 'Right' | 'Severity';
  /** Other headers an office's own sheet may use for the column. */
  aliases: readonly string[];
}

export const wrongWordColumns: readonly WrongWordColumn[] = [
  { field: 'Wrong', header: '错误写法', aliases: ['错误', '错别字', '易错词'], width: 24, cell: (w) => w.wrong },
  { field: 'Right', header: '正确写法', aliases: ['正确', '建议写法', '改为'], width: 24, cell: (w) => w.right },
  { field: 'Severity', header: '级别', aliases: ['严重程度', '等级'], width: 10, cell: (w) => wrongWordSeverityNames[w.severity] },
];

export const columnOfHeader = columnByHeader(wrongWordColumns);

const severityOfName = new Map<string, WrongWordSeverity>(
  Object.entries(wrongWordSeverityNames).flatMap(([severity, name]) => [
    [name, severity as WrongWordSeverity],
    [severity, severity as WrongWordSeverity],
  ]),
);

/** A 级别 cell as the level it names: blank is 一般; other text is passed on for the field's rule to refuse. */
export const severityOfCell = (text: string): string => (text === '' ? 'normal' : (severityOfName.get(text) ?? text));
