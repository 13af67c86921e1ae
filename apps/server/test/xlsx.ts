import ExcelJS from 'exceljs';

/** The first sheet of a downloaded workbook as plain values, the header row first. */
export async function readSheet(file: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An .xlsx whose first sheet holds these rows (null: an empty cell), as an upload test sends it. */
export async function writeSheet(rows: unknown[][], name = 'Sheet1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(name);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
