import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { defuseFormula, type Permission } from '@portal/shared';
import { adminWrite } from './admin-auth.js';
import { contentDisposition } from './content-disposition.js';

/**
 * The back office's list exports (导出): the rows of the current search as .xlsx, in the list's
 * visible columns under their Chinese headers. Streamed: rows are read a page at a time and
 * written as they come, so a list of any length never sits whole in memory.
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows read per query while exporting (the list calls' largest page). */
export const EXPORT_PAGE = 1000;

export interface ExportColumn<T> {
  header: string;
  /** In characters, as Excel counts them. */
  width: number;
  cell: (row: T) => string | number;
}

/** One page of a search, 1-based like the list calls. */
export type PageReader<T> = (page: { pageindex: number; pagesize: number }) => Promise<T[]>;

/** A download: its type and its name, in ASCII for old clients and in UTF-8 for the rest. */
export const attachment = (reply: FastifyReply, type: string, asciiName: string, name: string) =>
  reply.header('content-type', type).header('content-disposition', contentDisposition(name, { asciiName }));

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1';

/**
 * The rows `read` hands out, page after page, as a streamed workbook of one sheet; `first` is
 * page 1, already read.
 */
export function streamWorkbook<T>(sheetName: string, columns: readonly ExportColumn<T>[], read: PageReader<T>, first: T[]): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const write = async () => {
    for (let pageindex = 1; ; pageindex++) {
      const rows = pageindex === 1 ? first : await read({ pageindex, pagesize: EXPORT_PAGE });
      for (const row of rows) {
        sheet.addRow(columns.map((c) => cellValue(c.cell(row)))).commit();
      }
      if (rows.length < EXPORT_PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  // A failure half-way ends the download broken rather than passing for a complete file.
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/** Text is what members and visitors typed: defused so no spreadsheet runs it as a formula. */
const cellValue = (value: string | number) => (typeof value === 'string' ? defuseFormula(value) : value);

export interface ListExport<T> {
  /** The export's button permission. */
  permission: Permission;
  /** The audit log's kind of record, e.g. 文章. */
  target: string;
  /** The list's title: the sheet's and the file's name. */
  title: string;
  /** The file's ASCII fallback name, e.g. news.xlsx. */
  asciiName: string;
  columns: readonly ExportColumn<T>[];
  read: PageReader<T>;
}

/**
 * Answers an export call: audited under its permission (a refusal too), then the workbook
 * streamed. The first page is read before anything is sent: a search the database refuses is
 * answered with the envelope, not with HTTP 200 and a cut-off file (the connection reset when
 * the stream failed after the headers had gone).
 */
export async function sendListExport<T>(request: FastifyRequest, reply: FastifyReply, what: ListExport<T>) {
  const first = await adminWrite(request, { action: what.permission, target: what.target, detail: () => `导出${what.title}` }, () => what.read({ pageindex: 1, pagesize: EXPORT_PAGE }));
  return attachment(reply, XLSX, what.asciiName, `${what.title}.xlsx`).send(streamWorkbook(what.title, what.columns, what.read, first));
}
