import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, look, test } from './test.js';
import { call, cstAhead } from './activity-session.js';
import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { menuByName, settled } from './helpers.js';

/**
 * Every date range of the back office saves what its boxes show (issue 52, finding 1): each end
 * of a range is edited alone, by clicking a day or a minute and by typing and Enter, closed by
 * the picker's 确定 or by the dialog's 确定 with the picker still open, and the saved record is
 * read back through the API: 活动时间 and 自助签到, 哀悼日期, a list's date filter; and the single
 * date-and-time fields beside them (报名截止, 发布时间, 定时下线), which drafted their time the
 * same way.
 */

const popup = (page: Page) => page.locator('.ant-picker-dropdown:visible');

/** A day of the open calendar (in its own month, where a range shows two). */
const dayCell = (page: Page, day: string) => popup(page).locator(`td.ant-picker-cell-in-view[title="${day}"]`);

/** A minute in the open picker's time column. */
const minuteCell = (page: Page, minute: string) =>
  popup(page)
    .locator('.ant-picker-time-panel-column')
    .nth(1)
    .locator('.ant-picker-time-panel-cell', { hasText: new RegExp(`^${minute}$`) });

/** The day `days` after a yyyy-MM-dd day. */
function dayAfter(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The dialog's own 确定 (not the picker's, which reads the same). */
const dialogOk = (dialog: Locator) => dialog.locator('.ant-modal-footer').getByRole('button', { name: /^确\s*定$/ });

/** The picker's 确定. */
const pickerOk = (page: Page) => popup(page).getByRole('button', { name: /^确\s*定$/ });

/**
 * One edit of one box, as a person makes it: the box is clicked, then a day or minute is picked
 * (at most followed by the picker's 确定), or a time typed and Enter pressed. Whatever is still
 * open, the save's click closes.
 */
type Edit = { box: string } & ({ day: string } | { minute: string } | { typed: string }) & { pickerOk?: true };

/** Makes the edit in the form or dialog `within`. */
async function makeEdit(page: Page, within: Locator, edit: Edit) {
  const box = within.getByPlaceholder(edit.box, { exact: true });
  await box.click();
  await expect(popup(page)).toBeVisible();
  if ('typed' in edit) {
    await box.fill(edit.typed);
    await box.press('Enter');
  } else {
    await ('day' in edit ? dayCell(page, edit.day) : minuteCell(page, edit.minute)).click();
  }
  if (edit.pickerOk) await pickerOk(page).click();
}

/** Screenshots of the page as it stands at 1440 and 375 px, named `<name>-<width>.png`; the page is left at 1440. */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await look(page, testInfo.outputPath(`${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Opens 修改 on the row, waits for the record in the form (`ready`: a box filled once it has
 * arrived), makes the edit (with screenshots when `shot` names them), saves with the dialog's 确定
 * (after `beforeOk`) and answers what the server kept.
 */
async function editInDialog<T>(
  page: Page,
  testInfo: TestInfo,
  where: { row: Locator; dialog: Locator; ready?: Locator; beforeOk?: () => Promise<void> },
  stored: () => Promise<T>,
  edit: Edit,
  shot?: string,
): Promise<T> {
  await where.row.getByRole('button', { name: /^修\s*改$/ }).click();
  await settled(where.dialog);
  if (where.ready) await expect(where.ready).not.toHaveValue('');
  await makeEdit(page, where.dialog, edit);
  if (shot) await atBothWidths(page, testInfo, shot);
  await where.beforeOk?.();
  await dialogOk(where.dialog).click();
  await expect(where.dialog).toBeHidden();
  return stored();
}

test('活动时间, 自助签到 and 报名截止: each end edited alone, by a click or by typing, is what the activity keeps', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const day = cstAhead(40, 9).slice(0, 10);
  const next = dayAfter(day, 1);
  const title = unique('区间选择测试活动');
  const id = await call<number>(page.request, 'XfSysBussiness/SaveActivityDetail', admin, {
    ActivityId: 0,
    Title: title,
    Description: '<p>区间测试</p>',
    Place: '北京市海淀区',
    StartTime: `${day} 09:00:00`,
    EndTime: `${day} 17:00:00`,
    SignUpDeadline: `${dayAfter(day, -5)} 18:00:00`,
    SelfCheckInStart: `${day} 08:30:00`,
    SelfCheckInEnd: `${day} 12:00:00`,
    AudienceAll: true,
    MemberLevels: [],
  });
  type Stored = { StartTime: string; EndTime: string; SignUpDeadline: string; SelfCheckInStart: string; SelfCheckInEnd: string };
  const stored = () => call<Stored>(page.request, `XfSysBussiness/GetActivity/${id}`, admin);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '活动管理', '活动列表');
  const row = page.locator('.ant-table-row', { hasText: title });
  const dialog = page.getByRole('dialog', { name: '修改活动' });

  /** Opens 修改 on the activity, makes the edit, saves with the dialog's 确定, and answers what the server kept. */
  const editAndSave = (edit: Edit, shot?: string) =>
    editInDialog(page, testInfo, { row, dialog, ready: dialog.getByPlaceholder('开始时间', { exact: true }) }, stored, edit, shot);

  // 活动时间: the end's minute, confirmed with the picker's 确定 (the walk of the issue).
  expect(await editAndSave({ box: '结束时间', minute: '30', pickerOk: true }, 'activity-time-end-picked')).toMatchObject({
    StartTime: `${day} 09:00:00`,
    EndTime: `${day} 17:30:00`,
  });
  // The start's minute, the picker still open when the dialog's 确定 is clicked.
  expect(await editAndSave({ box: '开始时间', minute: '15' })).toMatchObject({ StartTime: `${day} 09:15:00`, EndTime: `${day} 17:30:00` });
  // The end's day, picked, and the dialog's 确定.
  expect(await editAndSave({ box: '结束时间', day: next })).toMatchObject({ StartTime: `${day} 09:15:00`, EndTime: `${next} 17:30:00` });
  // The start's day with the picker's 确定.
  expect(await editAndSave({ box: '开始时间', day: next, pickerOk: true })).toMatchObject({ StartTime: `${next} 09:15:00`, EndTime: `${next} 17:30:00` });
  // Typed, and Enter: each end alone.
  expect(await editAndSave({ box: '开始时间', typed: `${day} 08:00` })).toMatchObject({ StartTime: `${day} 08:00:00`, EndTime: `${next} 17:30:00` });
  expect(await editAndSave({ box: '结束时间', typed: `${next} 18:45` })).toMatchObject({ StartTime: `${day} 08:00:00`, EndTime: `${next} 18:45:00` });

  // 自助签到, the same six ways.
  const selfCheckIn = (start: string, end: string) => ({ SelfCheckInStart: start, SelfCheckInEnd: end });
  expect(await editAndSave({ box: '自助签到结束', minute: '30', pickerOk: true }, 'self-checkin-end-picked')).toMatchObject(
    selfCheckIn(`${day} 08:30:00`, `${day} 12:30:00`),
  );
  expect(await editAndSave({ box: '自助签到开始', minute: '45' })).toMatchObject(selfCheckIn(`${day} 08:45:00`, `${day} 12:30:00`));
  expect(await editAndSave({ box: '自助签到结束', day: next })).toMatchObject(selfCheckIn(`${day} 08:45:00`, `${next} 12:30:00`));
  expect(await editAndSave({ box: '自助签到开始', day: next, pickerOk: true })).toMatchObject(selfCheckIn(`${next} 08:45:00`, `${next} 12:30:00`));
  expect(await editAndSave({ box: '自助签到开始', typed: `${day} 07:50` })).toMatchObject(selfCheckIn(`${day} 07:50:00`, `${next} 12:30:00`));
  expect(await editAndSave({ box: '自助签到结束', typed: `${next} 13:10` })).toMatchObject(selfCheckIn(`${day} 07:50:00`, `${next} 13:10:00`));

  // 报名截止, a single date and time: a minute picked and the dialog's 确定; then typed.
  const deadlineDay = dayAfter(day, -5);
  expect((await editAndSave({ box: '请选择报名截止时间', minute: '20' }, 'deadline-picked')).SignUpDeadline).toBe(`${deadlineDay} 18:20:00`);
  expect((await editAndSave({ box: '请选择报名截止时间', typed: `${deadlineDay} 20:05` })).SignUpDeadline).toBe(`${deadlineDay} 20:05:00`);
  // Nothing else moved on the way.
  expect(await stored()).toMatchObject({ StartTime: `${day} 08:00:00`, EndTime: `${next} 18:45:00`, ...selfCheckIn(`${day} 07:50:00`, `${next} 13:10:00`) });

  await call(page.request, 'XfSysBussiness/DelActivity', admin, { Ids: [id] });
});

test('哀悼日期: each end edited alone, by a click or by typing, is what the record keeps', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminToken(page.request);
  // Days well ahead: the public site stays in colour for the journeys beside this one.
  const first = dayAfter(cstAhead(0, 0).slice(0, 10), 70);
  const note = unique('区间测试');
  const id = await call<number>(page.request, 'XfSysBussiness/SaveMemorialDay', admin, {
    Id: 0,
    StartDate: first,
    EndDate: dayAfter(first, 2),
    Scope: 1,
    Note: note,
  });
  const stored = async () => {
    const list = await call<{ List: { Id: number; StartDate: string; EndDate: string }[] }>(
      page.request,
      'XfSysBussiness/GetMemorialDayList?pagesize=100',
      admin,
    );
    const day = list.List.find((d) => d.Id === id)!;
    return [day.StartDate, day.EndDate];
  };

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/system/memorial' });
  const row = page.locator('.ant-table-row', { hasText: note });
  const dialog = page.getByRole('dialog', { name: '修改哀悼日' });
  const editAndSave = (edit: Edit, shot?: string) =>
    editInDialog(
      page,
      testInfo,
      {
        row,
        dialog,
        // The calendar, still open, covers this small dialog's 确定: a click elsewhere (its title) closes it first.
        beforeOk: async () => {
          await dialog.locator('.ant-modal-title').click();
          await expect(popup(page)).toHaveCount(0);
        },
      },
      stored,
      edit,
      shot,
    );

  // A day picked moves the calendar to the other end; the dialog's 确定 saves what is shown.
  expect(await editAndSave({ box: '开始日期', day: dayAfter(first, -1) }, 'memorial-start-picked')).toEqual([dayAfter(first, -1), dayAfter(first, 2)]);
  expect(await editAndSave({ box: '结束日期', day: dayAfter(first, 3) }, 'memorial-end-picked')).toEqual([dayAfter(first, -1), dayAfter(first, 3)]);
  expect(await editAndSave({ box: '开始日期', typed: dayAfter(first, -2) })).toEqual([dayAfter(first, -2), dayAfter(first, 3)]);
  expect(await editAndSave({ box: '结束日期', typed: dayAfter(first, 4) })).toEqual([dayAfter(first, -2), dayAfter(first, 4)]);

  await call(page.request, 'XfSysBussiness/DelMemorialDay', admin, { Id: id });
});

test('a list’s date filter: each end edited alone, by a click or by typing, is what the search asks for', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await openFromSidebar(page, '活动管理', '活动列表');
  const form = page.locator('form.ant-form-inline');
  const day = cstAhead(30, 9).slice(0, 10);

  /** Makes the edit, runs the search (查询; Enter in a box may have run it already) and waits for the call asking for these days. */
  const search = async (edit: Edit | null, start: string, end: string, shot?: string) => {
    const asked = page.waitForRequest((r) => {
      if (!r.url().includes('/GetActivityList')) return false;
      const params = new URL(r.url()).searchParams;
      return params.get('start') === start && params.get('end') === end;
    });
    if (edit) await makeEdit(page, form, edit);
    if (shot) await atBothWidths(page, testInfo, shot);
    await form.getByRole('button', { name: /查\s*询/ }).click();
    await asked;
    await expect(popup(page)).toHaveCount(0);
  };

  // Both ends typed, then each alone.
  await makeEdit(page, form, { box: '开始日期', typed: day });
  await search({ box: '结束日期', typed: dayAfter(day, 10) }, day, dayAfter(day, 10));
  await search({ box: '开始日期', day: dayAfter(day, 2) }, dayAfter(day, 2), dayAfter(day, 10), 'filter-start-picked');
  await search({ box: '结束日期', day: dayAfter(day, 8) }, dayAfter(day, 2), dayAfter(day, 8));
  await search({ box: '开始日期', typed: dayAfter(day, 1) }, dayAfter(day, 1), dayAfter(day, 8));
  await search({ box: '结束日期', typed: dayAfter(day, 9) }, dayAfter(day, 1), dayAfter(day, 9));
});

test('发布时间 and 定时下线: a minute or day picked, or a time typed, is what the article keeps', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(page.request);
  const menu = await menuByName(page.request, '协会动态');
  const title = unique('时间选择测试文章');
  const year = new Date().getFullYear();
  const id = await call<number>(page.request, 'XfSysBussiness/SaveNews', admin, {
    NewsId: 0,
    MenuId: menu.MenuId,
    Title: title,
    NewContent: '<p>时间选择测试</p>',
    NewsCreateTime: `${year - 1}-05-01 10:00:00`,
    OfflineTime: `${year + 1}-06-01 12:00:00`,
  });
  const stored = (request: APIRequestContext) =>
    call<{ NewsCreateTime: string; OfflineTime: string }>(request, `XfSysBussiness/GetNewsDetail?newsid=${id}`, admin);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page, { at: '/System/content/news' });
  const filters = page.locator('form.ant-form-inline');
  await filters.getByLabel('标题').fill(title);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row', { hasText: title });
  const dialog = page.getByRole('dialog', { name: '修改文章' });
  const editAndSave = (edit: Edit, shot?: string) =>
    editInDialog(page, testInfo, { row, dialog, ready: dialog.getByPlaceholder('不填则为保存时间') }, () => stored(page.request), edit, shot);

  expect(await editAndSave({ box: '不填则为保存时间', minute: '25' }, 'publish-time-picked')).toMatchObject({
    NewsCreateTime: `${year - 1}-05-01 10:25:00`,
    OfflineTime: `${year + 1}-06-01 12:00:00`,
  });
  expect(await editAndSave({ box: '不填则为保存时间', typed: `${year - 1}-05-02 08:30:00` })).toMatchObject({
    NewsCreateTime: `${year - 1}-05-02 08:30:00`,
  });
  expect(await editAndSave({ box: '不填则不自动下线', day: `${year + 1}-06-02` })).toMatchObject({ OfflineTime: `${year + 1}-06-02 12:00:00` });
  expect(await editAndSave({ box: '不填则不自动下线', typed: `${year + 1}-07-01 18:00:00` })).toMatchObject({
    NewsCreateTime: `${year - 1}-05-02 08:30:00`,
    OfflineTime: `${year + 1}-07-01 18:00:00`,
  });
});
