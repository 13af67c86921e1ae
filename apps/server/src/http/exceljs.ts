import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded the first time a workbook is written or read (Node keeps the module once
 * loaded). Imported at the top of the modules that use it, it cost every process about a third
 * of a second of its start (each worker of a cluster loads the server) for exports and imports
 * staff run now and then.
 */
export const exceljs = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
