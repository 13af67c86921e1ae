import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded the first time a workbook is written or read. Imported at the top of the
 * modules that use it, it cost every process about a third of a second of its start (each
 * worker of a cluster loads the server) for exports and imports staff run now and then.
 */
export const exceljs = (): Promise<typeof ExcelJS> => (loading ??= import('exceljs').then((m) => m.default));
