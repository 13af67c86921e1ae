import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { appStarted, expect, look, test, withoutScript } from './test.js';
import jsQRModule from 'jsqr';
import { decodePng } from '../apps/server/test/png.js';
import { adminToken, unique, type Envelope } from './admin-session.js';
import { call, member } from './member-session.js';
import { expectFilings, idNumber, verificationPath } from './helpers.js';

/**
 * The public certificate lookup (spec §2 certsearch): reached from the site, each validation
 * message, a passed record found and its certificate downloaded, the QR code on it followed to
 * the verification page, and the credential offered there.
 */

// jsqr is a CommonJS module whose typings declare an ES default export; at run time Node hands
// over module.exports, which is the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** The `_certId` the public lookup answers: `<record>.<expiry>.<signature>`. */
const DOWNLOAD_TOKEN = /^\d+\.\d+\.[\w-]{43}$/;

test('a candidate finds their passed result, downloads the certificate and its QR code opens the verification page', async ({ page, request }) => {
  // A record of our own, so the journey does not depend on the demo data.
  const token = await adminToken(request);
  const name = '测试' + '甲乙丙丁'[Math.floor(Math.random() * 4)] + '明';
  const certNum = unique('GCFX-E2E-').toUpperCase();
  const idNum = idNumber(Math.floor(Math.random() * 10_000));
  const saved = (await (
    await request.post('/api/XfSysBussiness/EditCertInfo', {
      headers: { token },
      data: {
        _certId: 0,
        _name: name,
        _idNum: idNum,
        _company: '示例建设工程有限公司',
        _examTime: '2025-03-16',
        _examStatus: 1,
        _certNum: certNum,
        _issueDate: '2025-04-01',
      },
    })
  ).json()) as Envelope<number>;
  expect(saved.Code, saved.Message).toBe(200);

  // From the footer of the home page.
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: '证书及成绩查询' }).click();
  await expect(page).toHaveURL(/\/certsearch$/);
  await expect(page.getByRole('heading', { name: '证书及成绩查询' })).toBeVisible();

  // Spec §5: the name first, then one of ID number and certificate number.
  const query = page.getByRole('button', { name: /查\s*询/ });
  await query.click();
  await expect(page.getByText('姓名不能为空!')).toBeVisible();
  await page.getByLabel('姓名').fill(name);
  await query.click();
  await expect(page.getByText('身份证和证书编号必须选填一个!')).toBeVisible();
  // Before a search there is no result table.
  await expect(page.getByRole('table')).toHaveCount(0);

  // A partial name finds nobody.
  await page.getByLabel('姓名').fill(name.slice(0, 2));
  await page.getByLabel('身份证号').fill(idNum);
  await query.click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('table').getByRole('cell', { name: '暂无数据' })).toBeVisible();

  // The exact name and the ID number find the record, its ID number masked; Enter searches too.
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('身份证号').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(certNum) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${idNum.slice(0, 6)}********${idNum.slice(-4)}`);
  await expect(row).toContainText('合格');

  const downloading = page.waitForEvent('download');
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/DownCert'));
  await row.getByRole('button', { name: /下载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}证书.png`);
  // The page sent the record's _certId alone: a download token, no ID number in the address.
  const params = new URL((await asked).url()).searchParams;
  expect([...params.keys()]).toEqual(['CertId']);
  expect(params.get('CertId')).toMatch(DOWNLOAD_TOKEN);
  const png = decodePng(await readFile(await download.path()));
  expect(png.width).toBeGreaterThanOrEqual(1600);

  // The QR code carries the verification address; following it shows the certificate as valid.
  const qr = jsQR(new Uint8ClampedArray(png.pixels), png.width, png.height);
  expect(qr?.data).toMatch(/\/cert\/verify\/[A-Za-z0-9_-]{43}$/);
  const verifyPath = new URL(qr!.data).pathname;
  await page.goto(verifyPath);
  await expect(page.getByRole('heading', { name: '证书有效' })).toBeVisible();
  await expect(page.getByText(certNum)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByText(`${name[0]}**${name.at(-1)}`)).toBeVisible();

  // The credential it offers is checked by the same page's upload form.
  const credential = await (await request.get(`${verifyPath}/credential`)).text();
  await page.getByLabel('或粘贴凭证内容').fill(credential);
  await page.getByRole('button', { name: '核验' }).click();
  await expect(page.getByText(/数字签名有效/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '证书有效' })).toBeVisible();

  // The address printed on certificates pre-fills and runs the search (name and certificate number).
  await page.goto(`/certsearch?Name=${encodeURIComponent(name)}&CertNum=${encodeURIComponent(certNum)}`);
  await expect(page.getByRole('row', { name: new RegExp(certNum) })).toBeVisible();
});

test('the spec’s browser client downloads after a lookup by certificate number, sending an empty IdNum and the _certId it was given', async ({ request }) => {
  const admin = await adminToken(request);
  const name = '原版' + '甲乙丙丁'[Math.floor(Math.random() * 4)];
  const certNum = unique('GCFX-ORIG-').toUpperCase();
  const recordId = await call<number>(
    request,
    'XfSysBussiness/EditCertInfo',
    {
      _certId: 0,
      _name: name,
      _idNum: idNumber(Math.floor(Math.random() * 10_000)),
      _company: '示例建设工程有限公司',
      _examTime: '2025-03-16',
      _examStatus: 1,
      _certNum: certNum,
      _issueDate: '2025-04-01',
    },
    admin,
  );
  // Its own client address, so its lookups spend no other journey's budget.
  const headers = { 'x-forwarded-for': `10.56.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  const get = async <T>(address: string) => (await (await request.get(address, { headers })).json()) as Envelope<T>;

  const found = await get<{ List: { _certId: string; _certNum: string }[] }>(
    `/api/XfWebApi/GetCertList?Name=${encodeURIComponent(name)}&IdNum=&CertNum=${certNum}&pageindex=1&pagesize=10`,
  );
  expect(found.Data.List.map((r) => r._certNum)).toEqual([certNum]);
  const certId = found.Data.List[0]!._certId;
  expect(certId).toMatch(DOWNLOAD_TOKEN);
  const answer = await get<string>(`/api/XfWebApi/DownCert?IdNum=&CertId=${encodeURIComponent(certId)}`);
  expect(answer.Code, answer.Message).toBe(200);
  expect(decodePng(Buffer.from(answer.Data, 'base64')).width).toBeGreaterThanOrEqual(1600);
  // The record's number in its place proves nothing.
  expect(await get(`/api/XfWebApi/DownCert?IdNum=&CertId=${recordId}`)).toEqual({ Code: 404, Message: '证书不存在，或与所填证件号码不符', Data: null });
});

test('a member lists and downloads their own company’s certificates under 我的证书, and sees no other company’s', async ({ page, request }) => {
  const admin = await adminToken(request);
  const company = unique('证书测试单位');
  const token = await member(request, admin, company);
  const record = (overrides: Record<string, unknown>) =>
    call<number>(request, 'XfSysBussiness/EditCertInfo', { _certId: 0, _examTime: '2025-05-18', _company: company, ...overrides }, admin);
  const certNum = unique('GCFX-MINE-').toUpperCase();
  const serial = Math.floor(Math.random() * 10_000);
  await record({ _name: '钱七', _idNum: idNumber(serial), _examStatus: 1, _certNum: certNum, _issueDate: '2025-06-01' });
  await record({ _name: '孙八', _idNum: idNumber(serial + 1), _examStatus: 2, View: 'score' });
  await record({
    _name: '郑十',
    _idNum: idNumber(serial + 2),
    _examStatus: 1,
    _certNum: unique('GCFX-OTHER-').toUpperCase(),
    _issueDate: '2025-06-01',
    _company: '别家单位',
  });

  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/certsearch');
  await page.getByRole('tab', { name: '我的证书' }).click();
  await expect(page).toHaveURL(/tab=mine/);
  await expect(page.getByText(`以下为登记在「${company}」名下的考试成绩与证书。`)).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('郑十')).toHaveCount(0);
  // A failed result is listed without a download.
  await expect(rows.filter({ hasText: '孙八' })).toContainText('不合格');
  await expect(rows.filter({ hasText: '孙八' }).getByRole('button', { name: /下载/ })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await rows.filter({ hasText: certNum }).getByRole('button', { name: /下载/ }).click();
  expect((await downloading).suggestedFilename()).toBe('钱七证书.png');
});

/** Eleven passed results of one holder, on eleven exam days: two pages of the lookup. */
async function elevenPassedResults(request: APIRequestContext, admin: string, name: string, idNum: string): Promise<void> {
  for (let day = 1; day <= 11; day++) {
    const examTime = `2024-03-${String(day).padStart(2, '0')}`;
    await call<number>(
      request,
      'XfSysBussiness/EditCertInfo',
      {
        _certId: 0,
        _name: name,
        _idNum: idNum,
        _company: '示例建设工程有限公司',
        _examTime: examTime,
        _examStatus: 1,
        _certNum: unique('GCFX-PAGED-').toUpperCase(),
        _issueDate: '2024-04-01',
      },
      admin,
    );
  }
}

test('with JavaScript off a candidate still finds their results page by page and downloads a certificate, the ID number kept out of the address', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const name = '无脚本' + '甲乙丙丁'[Math.floor(Math.random() * 4)];
  const idNum = idNumber(Math.floor(Math.random() * 10_000));
  await elevenPassedResults(request, admin, name, idNum);
  // Its own client address: the lookups it makes do not spend the budget the other journeys share.
  await withoutScript(
    browser,
    { extraHTTPHeaders: { 'x-forwarded-for': `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } },
    async (page) => {
      await page.goto('/certsearch');
      const query = page.getByRole('button', { name: /查\s*询/ });
      // The server checks the form's rules and says what is missing under the field.
      await query.click();
      await expect(page.getByText('姓名不能为空!')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);

      await page.getByLabel('姓名').fill(name);
      await page.getByLabel('身份证号').fill(idNum);
      await query.click();
      await expect(page).toHaveURL(/\/certsearch$/);
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(10);
      await expect(page.getByText('共 11 条')).toBeVisible();
      // The form keeps what was entered.
      await expect(page.getByLabel('身份证号')).toHaveValue(idNum);

      await page.getByRole('navigation', { name: '查询结果分页' }).getByRole('button', { name: '第 2 页' }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByRole('cell').first()).toHaveText('11');
      expect(page.url()).not.toContain(idNum.slice(-6));

      const downloading = page.waitForEvent('download');
      await rows.first().getByRole('button', { name: /下载/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${name}证书.png`);
      expect(decodePng(await readFile(await download.path())).width).toBeGreaterThanOrEqual(1600);

      // 重置 opens the empty lookup.
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await expect(page).toHaveURL(/\/certsearch\??$/);
      await expect(page.getByLabel('姓名')).toHaveValue('');
      await expect(page.getByRole('table')).toHaveCount(0);
    },
  );
});

test('a search the server answered without JavaScript goes on in place once the page runs its script', async ({ page, request }) => {
  const admin = await adminToken(request);
  const name = '续查' + '甲乙丙丁'[Math.floor(Math.random() * 4)];
  const idNum = idNumber(Math.floor(Math.random() * 10_000));
  await elevenPassedResults(request, admin, name, idNum);
  // The page's script held back, as on a slow phone: the form posts itself and the server answers.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/certsearch', { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('身份证号').fill(idNum);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
  });
  // Hydrating the answered page draws what the server drew: no mismatch, no error.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  // The answered page runs its script.
  await page.unroute('**/assets/*.js');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/certsearch');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  expect((await posted).headers()['cache-control']).toBe('no-store');
  await appStarted(page);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  // The results came with the page: the browser did not ask for them again.
  expect(calls.filter((c) => c.endsWith('/GetCertList'))).toEqual([]);
  // The pager now asks the API in place.
  await page.getByRole('navigation', { name: '查询结果分页' }).getByRole('button', { name: '第 2 页' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/\/certsearch$/);
  expect(calls.filter((c) => c.endsWith('/GetCertList'))).toHaveLength(1);
  expect(errors).toEqual([]);
});

for (const width of [1440, 375]) {
  test(`at ${width} px the verification page carries the site's footer lines and a file field in Chinese, reached by the keyboard`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(await verificationPath(request));
    await expect(page.getByRole('heading', { name: '证书有效' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expectFilings(footer);
    await expect(footer).toContainText(/© \d{4} .+ 版权所有/);
    await expect(footer.getByRole('link', { name: /公网安备/ }).locator('img')).toHaveAttribute('src', '/police-filing.svg');

    // The file field: 选择文件 and 未选择文件, never the browser's own English words.
    const field = page.getByLabel('凭证文件（.jwt）');
    const button = page.getByText('选择文件', { exact: true });
    const chosen = page.getByText('未选择文件', { exact: true });
    await expect(button).toBeVisible();
    await expect(chosen).toBeVisible();
    await expect(field).toHaveAccessibleDescription('未选择文件');
    // The native input is what the keyboard reaches (after the download links), its focus drawn on the button.
    await page.getByRole('link', { name: '协会公钥' }).focus();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    // It is the input that lies under the pointer on the button: a click there is the input's, and opens the browser's file chooser.
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.id, [box.x + box.width / 2, box.y + box.height / 2])).toBe('credential-file');
    await field.setInputFiles({ name: '电子凭证.jwt', mimeType: 'application/jwt', buffer: Buffer.from('eyJhbGciOiJFUzI1NiJ9.e30.sig') });
    await expect(page.getByText('电子凭证.jwt', { exact: true })).toBeVisible();
    await expect(field).toHaveAccessibleDescription('电子凭证.jwt');
    await look(page, testInfo.outputPath(`cert-verify-${width}.png`), { fullPage: true });
    // Sent, the chosen file is checked (not a credential of ours: 无法识别 or 签名无效).
    await page.getByRole('button', { name: '核验' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/无法识别的凭证|签名无效/);
    await expectFilings(page.getByRole('contentinfo'));
  });
}
