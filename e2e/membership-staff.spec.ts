import { expect, look, test, waitingForApp } from './test.js';
import { adminToken, openBackOffice, openFromSidebar, unique, type Envelope } from './admin-session.js';
import { apiData, settled } from './helpers.js';
import { call } from './member-session.js';
import { chooseFile, filledTemplate, type ImportTemplate } from './spreadsheet-import.js';

/**
 * The secretariat moving its member spreadsheet into the portal and working the list: 导入 from
 * the downloaded template, each member given a random initial password shown once to download,
 * then 修改等级, 发送续费提醒 (no mail server here, which the message says) and 批量停用 on the
 * imported rows. And the member whose term ends within a month: the first sign-in asks for a new
 * password before anything else, then the header asks them to renew, in blue, while everything
 * still opens.
 */

const memberTemplate: ImportTemplate = {
  dialog: '导入会员',
  fileName: '会员导入模板.xlsx',
  headers: [
    '账号',
    '公司名称',
    '单位归类',
    '会员等级',
    '负责人',
    '联络人',
    '手机号码',
    '邮箱',
    '注册地址',
    '主营业务',
    '单位性质',
    '备注',
    '入会日期',
    '有效期至',
  ],
};
const NEW_PASSWORD = 'Harbour-lights-2026';

/** The CST day `days` from today (negative: before), yyyy-MM-dd. */
const cstDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test('staff import members from the template and change their level, remind and suspend them in bulk; a member whose term ends soon is asked to renew', async ({
  page,
  browser,
}, testInfo) => {
  // An import, three bulk actions and a member's own page: generous on a loaded two-core machine.
  test.setTimeout(180_000);
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const admin = await adminToken(page.request);
  const levels = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });
  const [companyType] = await apiData<{ Name: string }[]>(page.request, 'GetTypeList', { type: 1 });
  // 副会长单位 keeps dues (so its members have an end date); the rows move to 理事单位 later.
  const paying = levels.find((l) => l.Name === '副会长单位')!;
  const target = levels.find((l) => l.Name !== paying.Name)!;
  await call(
    page.request,
    'XfSysBussiness/SaveMemberLevelTerms',
    { LevelId: paying.Id, AnnualFee: 5000, Term: 'year', GraceDays: 30, NeedsApproval: true },
    admin,
  );

  const prefix = unique('imp');
  // Reckoned once: a journey running past midnight in China would otherwise expect the next day.
  const endsSoon = cstDay(10);
  const row = (suffix: string, company: string, expireDate: string) => [
    `${prefix}${suffix}`,
    `${prefix}${company}`,
    companyType!.Name,
    paying.Name,
    '周明',
    '李静',
    '13700137000',
    `${prefix}${suffix}@example.com`,
    '北京市西城区',
    '工程保险经纪',
    '',
    '',
    cstDay(-300),
    expireDate,
  ];

  await openBackOffice(page);
  await openFromSidebar(page, '会员管理', '会员列表');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入会员' });
  const file = await filledTemplate(
    page,
    memberTemplate,
    [row('a', '华安工程咨询有限公司', endsSoon), row('b', '华信建设监理有限公司', cstDay(200)), row('c', '华泰保险经纪有限公司', '长期')],
    '会员名单.xlsx',
  );
  await chooseFile(dialog, file);
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText(/^成功导入3个会员/)).toBeVisible();
  // Each member's own initial password, shown this once beside 下载初始密码.
  const initialPassword = async (suffix: string) =>
    (await dialog
      .getByRole('row')
      .filter({ hasText: `${prefix}${suffix}` })
      .locator('code')
      .textContent()) ?? '';
  const [passwordA, passwordB] = [await initialPassword('a'), await initialPassword('b')];
  expect(passwordA).toMatch(/^\w{16}$/);
  expect(passwordB).not.toBe(passwordA);
  await expect(dialog.getByRole('button', { name: '下载初始密码' })).toBeVisible();
  await look(page, shot('member-import-1440'));
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('关键字').fill(prefix);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `${prefix}c` })).toContainText('长期');
  await expect(rows.filter({ hasText: `${prefix}a` })).toContainText(endsSoon);

  // 修改等级 for all three.
  for (const suffix of ['a', 'b', 'c'])
    await rows
      .filter({ hasText: `${prefix}${suffix}` })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: '修改等级' }).click();
  const levelDialog = page.getByRole('dialog', { name: '修改等级' });
  await settled(levelDialog);
  await levelDialog.getByLabel('会员等级').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${target.Name}$`) }).click();
  await levelDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改等级：共3个会员')).toBeVisible();
  await expect(levelDialog).toBeHidden();
  for (const suffix of ['a', 'b', 'c']) await expect(rows.filter({ hasText: `${prefix}${suffix}` })).toContainText(target.Name);

  // 发送续费提醒: no mail server on this site, and the message says so instead of claiming mail went out.
  for (const suffix of ['a', 'b'])
    await rows
      .filter({ hasText: `${prefix}${suffix}` })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: '发送续费提醒' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '发送续费提醒' }).click();
  await expect(page.getByText('未配置邮件服务器，续费提醒未能发送（已为2个会员记录）')).toBeVisible();

  // The member whose term ends in ten days signs in with the initial password: first a password of their own, then asked to renew.
  const login = (await (await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: `${prefix}a`, str2: passwordA } })).json()) as Envelope<string>;
  expect(login.Code, login.Message).toBe(200);
  expect(login.Message).toBe('首次登录请先修改初始密码');
  for (const width of [1440, 375]) {
    const member = waitingForApp(
      await (await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width, height: 900 } })).newPage(),
    );
    await member.goto('/home');
    await member.evaluate((token) => localStorage.setItem('token', token), login.Data);
    await member.goto('/home');
    if (width === 1440) {
      const first = member.getByRole('dialog', { name: '首次登录，请设置新密码' });
      await expect(first).toBeVisible();
      await first.getByLabel('旧密码').fill(passwordA);
      await look(member, shot('first-sign-in-1440'));
      await first.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
      await first.getByLabel('确认新密码').fill(NEW_PASSWORD);
      await first.getByRole('button', { name: /确\s*定/ }).click();
      await expect(first).toBeHidden();
    }
    const notice = member.getByTestId('membership-notice');
    await expect(notice).toContainText(`您的会员资格将于${endsSoon}到期，请及时续费`);
    await look(member, shot(`renew-soon-${width}`));
    await notice.getByRole('link', { name: /查看会籍与续费方式/ }).click();
    await expect(member.locator('.ant-descriptions').getByText('有效', { exact: true })).toBeVisible();
    await member.context().close();
  }

  // 批量停用: the three can no longer sign in.
  for (const suffix of ['a', 'b', 'c'])
    await rows
      .filter({ hasText: `${prefix}${suffix}` })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: '批量停用' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '批量停用' }).click();
  await expect(page.getByText('批量停用：共3个会员')).toBeVisible();
  for (const suffix of ['a', 'b', 'c']) await expect(rows.filter({ hasText: `${prefix}${suffix}` }).getByText('停用', { exact: true })).toBeVisible();
  await look(page, shot('member-batch-1440'));
  const refused = (await (
    await page.request.post('/api/XfWebApi/GetLoginToken', { data: { str1: `${prefix}b`, str2: passwordB } })
  ).json()) as Envelope<string>;
  expect(refused.Code).not.toBe(200);
});
