import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { defuseFormula } from '@portal/shared';
import { contentDisposition } from './content-disposition.js';
import { exceljs } from './exceljs.js';

/**
 * The back office's list exports (导出): the rows of the current search as .xlsx, in the list's
 * visible columns under their Chinese headers. Streamed: rows are read a page at a time and
 * written as they come, so a list of any length never sits whole in memory.
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the API document says of an export call: the answer is the .xlsx file (the envelope when refused). */
export const xlsxAnswer = { 'x-file': XLSX } as const;

/** A staff member in a sheet's cell: 姓名（账号）, or the account alone when there is no name. */
export const personCell = (name: string | null | undefined, account: string) => (name ? `${name}（${account}）` : account);

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
 * page 1, already read. A page is read once the client has taken what waits for it, so a slow
 * download holds a page or two in memory rather than the whole list; a page that fails ends the
 * stream with the error.
 */
export async function streamWorkbook<T>(sheetName: string, columns: readonly ExportColumn<T>[], read: PageReader<T>, first: T[]): Promise<Readable> {
  const ExcelJS = await exceljs();
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
      await roomIn(stream);
      // The client left (the stream was destroyed): no more pages.
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/** Resolves once the stream takes writes again (drained), or is gone. */
function roomIn(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go).off('close', go);
      resolve();
    };
    stream.on('drain', go).on('close', go);
  });
}

/** The download's headers taken back: what answers instead is the envelope, which must not be saved as the file. */
function withdrawAttachment(reply: FastifyReply): void {
  for (const name of ['content-type', 'content-disposition']) {
    void reply.removeHeader(name);
    // Fastify copies them onto the raw response when the stream is handed over.
    reply.raw.removeHeader(name);
  }
}

/** Text is what members and visitors typed: defused so no spreadsheet runs it as a formula. */
const cellValue = (value: string | number) => (typeof value === 'string' ? defuseFormula(value) : value);

/** A list's workbook: its title (the sheet's and the file's name), columns and pages. */
export interface ListWorkbook<T> {
  /** The list's title: the sheet's and the file's name. */
  title: string;
  /** The file's ASCII fallback name, e.g. news.xlsx. */
  asciiName: string;
  columns: readonly ExportColumn<T>[];
  read: PageReader<T>;
}

/**
 * Sends the workbook of a list whose first page is already read, so a search the database
 * refuses (or the database away) was answered with the envelope before anything was sent.
 * A later page that fails:
 * - before any byte went out, is answered with the envelope too (Fastify's error path for a
 *   stream not yet begun), under JSON's type and without the file's name;
 * - after, cannot change the status sent: Fastify destroys the connection, so the client sees
 *   an incomplete transfer (no final chunk) instead of a complete 200 with a broken file, and
 *   logs the failure once ('response terminated with an error with headers already sent').
 */
export async function sendWorkbook<T>(reply: FastifyReply, what: ListWorkbook<T>, first: T[]) {
  const workbook = await streamWorkbook(what.title, what.columns, what.read, first);
  // Registered before Fastify's own listeners, so the headers are gone before its error path writes them.
  workbook.once('error', () => {
    if (!reply.raw.headersSent) withdrawAttachment(reply);
  });
  return attachment(reply, XLSX, what.asciiName, `${what.title}.xlsx`).send(workbook);
}
