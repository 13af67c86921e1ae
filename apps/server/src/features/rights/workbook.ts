import type { MyDataDto } from '@portal/shared';
import { exceljs } from '../../http/exceljs.js';

/** The copy as a workbook: a sheet per kind of record, its header bold and frozen, the columns wide enough to read. */
export async function myDataWorkbook(data: MyDataDto): Promise<Buffer> {
  const ExcelJS = await exceljs();
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  for (const s of data.Sections) {
    const sheet = book.addWorksheet(s.Name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.Columns.map((header) => ({ header, width: Math.max(12, Math.min(60, header.length * 2 + 4)) }));
    sheet.getRow(1).font = { bold: true };
    // Text cells: an ID or phone number stays as written, not a number Excel rounds.
    for (const row of s.Rows) sheet.addRow(row).eachCell((cell) => (cell.numFmt = '@'));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
