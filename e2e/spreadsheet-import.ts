import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './test.js';
import { settled } from './helpers.js';

/**
 * The back office's 导入 dialogs (证书列表, 会员列表) as staff use them: the template downloaded
 * from the dialog, filled in, and the file chosen and sent.
 */

export interface ImportTemplate {
  /** The import dialog's title. */
  dialog: string;
  /** The name the template downloads under. */
  fileName: string;
  /** Its first header cells, in order: the columns the rows below fill. */
  headers: string[];
}

/** The template as the page downloads it, with these rows added below its header (and example); saved for the file picker. */
export async function filledTemplate(page: Page, template: ImportTemplate, rows: unknown[][], name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: template.dialog });
  // The dialog has just been asked to open: a click while it still zooms in can land its press
  // on the button and its release beside it (the button moved), which is no click at all.
  await settled(dialog);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载模板' }).click();
  const downloaded = await downloading;
  expect(downloaded.suggestedFilename()).toBe(template.fileName);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await downloaded.path())!)) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, template.headers.length + 1)).toEqual(template.headers);
  for (const row of rows) sheet.addRow(row);
  const file = test.info().outputPath(name);
  await book.xlsx.writeFile(file);
  return file;
}

/** Chooses the file in the import dialog. */
export async function chooseFile(dialog: Locator, file: string) {
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText(file.split('/').at(-1)!)).toBeVisible();
}

/** Chooses the file in the import dialog and starts the import. */
export async function importFile(dialog: Locator, file: string) {
  await chooseFile(dialog, file);
  await dialog.getByRole('button', { name: '开始导入' }).click();
}
