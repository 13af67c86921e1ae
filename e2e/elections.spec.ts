import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, look, test, waitingForApp } from './test.js';
import { addMember, call, memberPage } from './activity-session.js';
import { adminToken, openBackOffice, openFromSidebar, unique } from './admin-session.js';
import { memberToken, serverClock } from './election-session.js';
import { apiData, escapeRegExp, settled, typeDate } from './helpers.js';

/**
 * 理事会换届选举 from nominations to the printed count: staff create the election on the screens,
 * members nominate themselves or another member found by company name, staff accept the
 * nominations and add a candidate of their own,
 * confirm the list and freeze the roll, members vote on a phone and keep their receipts, staff
 * close and count, the 计票单 says what the ballots said and prints alone, the count verifies, and
 * a receipt is found among the published ballots.
 *
 * The windows are passed with the e2e server's clock seam (e2e/server.ts): the election is set
 * around the machine's time, and the server's clock is moved on an hour at a time, then back.
 */

const shotDir = process.env.ELECTION_SHOTS ?? '/tmp/pw-elections/shots';
const shot = (page: Page, name: string) => look(page, `${shotDir}/${name}.png`, { fullPage: true });

const HOUR = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** The CST minute `ms` from `from`, as the pickers take it (yyyy-MM-dd HH:mm). */
function cstMinute(from: number, ms: number): string {
  const d = new Date(from + ms + 8 * HOUR);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A member's 换届选举 on a page of its own at `width`, signed in. */
async function memberAt(browser: Browser, request: APIRequestContext, account: string, width: number): Promise<Page> {
  const { page } = await memberPage(browser, request, account, width);
  await page.goto('/member/election');
  return page;
}

/** The card of the election in the member's 换届选举. */
const electionCard = (page: Page, title: string) => page.locator('.ant-card', { hasText: title });

/** Clicks the OK of the popconfirm now open. */
async function confirmPopup(page: Page, ok: RegExp) {
  const popup = page.locator('.ant-popconfirm:visible');
  await settled(popup);
  await popup.getByRole('button', { name: ok }).click();
}

/** Opens the election's drawer from 换届选举 (loaded afresh, as the server's clock has moved). */
async function openElection(page: Page, title: string): Promise<Locator> {
  await page.goto('/System/member/election');
  const row = page.locator('.ant-table-row', { hasText: title });
  await row.getByRole('button', { name: /^管\s*理$/ }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(escapeRegExp(title)) });
  await settled(drawer);
  return drawer;
}

/** Casts a ballot on the member's page: the choices ticked, the confirmation accepted; answers the receipt code. */
async function vote(page: Page, title: string, choices: string[]): Promise<string> {
  await page.reload();
  const card = electionCard(page, title);
  for (const name of choices) await card.getByRole('checkbox', { name: new RegExp(name) }).check();
  await card.getByRole('button', { name: choices.length ? `投票（${choices.length}人）` : '投弃权票' }).click();
  const confirm = page.getByRole('dialog', { name: '确认投票' });
  await settled(confirm);
  await expect(confirm).toContainText(choices.length ? `您选择了：${choices.join('、')}` : '将投弃权票');
  await confirm.getByRole('button', { name: '确认投票' }).click();
  const receipt = card.getByTestId('ballot-receipt');
  // Shown in groups of four, copied whole.
  await expect(receipt).toHaveText(/^([0-9a-f]{4} ){7}[0-9a-f]{4}/);
  return (await receipt.innerText()).replace(/\s/g, '').slice(0, 32);
}

/** Staff type the election's rules into 新增选举. */
async function createElection(page: Page, title: string, now: number) {
  await page.getByRole('button', { name: '新增选举' }).click();
  const dialog = page.getByRole('dialog', { name: '新增选举' });
  await settled(dialog);
  await dialog.getByLabel('选举名称').fill(title);
  await dialog.getByLabel('选举说明').fill('依据协会章程，选举产生新一届理事会理事。');
  await dialog.getByLabel('应选名额').fill('2');
  await dialog.getByLabel('每票最多可选').fill('3');
  await dialog.getByLabel('应选名额').click();
  await expect(dialog.getByText('每票最多可选人数不能超过应选名额')).toBeVisible();
  await dialog.getByLabel('每票最多可选').fill('2');
  // Nominations are open now; voting comes an hour after they close.
  await typeDate(dialog.getByPlaceholder('提名开始'), cstMinute(now, -HOUR));
  const nominationEnd = dialog.getByPlaceholder('提名截止');
  await nominationEnd.fill(cstMinute(now, HOUR));
  await nominationEnd.press('Enter');
  await typeDate(dialog.getByPlaceholder('投票开始'), cstMinute(now, 2 * HOUR));
  const votingEnd = dialog.getByPlaceholder('投票截止');
  await votingEnd.fill(cstMinute(now, 3 * HOUR));
  await votingEnd.press('Enter');
  await dialog.getByLabel('法定人数方式').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^按票数$/ }).click();
  await dialog.getByLabel('法定人数', { exact: true }).fill('2');
  const levels = dialog.getByLabel('选民会员等级');
  await levels.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^理事单位$/ }).click();
  await levels.press('Escape');
  await shot(page, 'election-dialog-1440');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A 64×80 PNG photo (two bands of colour) for the candidate staff add. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABQCAIAAAAm3eQSAAAAh0lEQVR4nO3PUQ2AMBTAwMlBCZqmaUpQgg5E8HF5SZMK6K33OaNb/CCAPgigDwLogwD6IIA+CKAPAuiDAPoggD4IoA8C6IMA+iCAPgigD/4CrnuPLoAugC6ALoAugC6ALoAugC6ALoAugC6ALoAugC6ALoAugC6ALoAugC6ALoAugC6ALoAugC6AbjzgA5DT0KWv6Q+jAAAAAElFTkSuQmCC',
  'base64',
);

// A click that finds nothing fails where it stands, not at the end of the journey's seven minutes.
test.use({ actionTimeout: 20_000 });

test('a council election from nominations to the printed count, checked by a voter’s receipt', async ({ page, browser, request }) => {
  // Four browsers (staff and three members) through every step: minutes on a loaded two-core machine.
  test.setTimeout(420_000);
  const admin = await adminToken(page.request);
  const levels = await apiData<{ Id: number; Name: string }[]>(page.request, 'GetTypeList', { type: 2 });
  const council = levels.find((l) => l.Name === '理事单位')!;
  const stamp = unique('');
  const names = { a: `甲建设${stamp}`, b: `乙保险${stamp}`, c: `丙咨询${stamp}` };
  const accounts = {
    a: await addMember(page.request, admin, council.Id, names.a),
    b: await addMember(page.request, admin, council.Id, names.b),
    c: await addMember(page.request, admin, council.Id, names.c),
  };
  const title = `第八届理事会换届选举${stamp}`;
  const now = Date.now();

  try {
    // Staff create the election on the screens.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBackOffice(page);
    await openFromSidebar(page, '会员管理', '换届选举');
    await createElection(page, title, now);
    const row = page.locator('.ant-table-row', { hasText: title });
    await expect(row.getByText('提名中')).toBeVisible();
    await shot(page, 'election-list-1440');

    // Members nominate: A themselves on a phone; B, on a desk, finds C by company name and
    // nominates C; C, through the calls, finds B and nominates B.
    const nominationStep = async (phone: Page, width: number, find: string, self: string) => {
      const card = electionCard(phone, title);
      const search = card.getByRole('searchbox', { name: '或提名其他会员' });
      await search.fill('甲');
      await card.getByRole('button', { name: '查找' }).click();
      await expect(card.getByText('请输入至少2个字的单位名称')).toBeVisible();
      await search.fill(find);
      await card.getByRole('button', { name: '查找' }).click();
      const found = card.getByRole('list', { name: '可提名的会员' });
      await expect(found.getByRole('listitem')).not.toHaveCount(0);
      // Only who may be nominated, by company name: not the searcher, nor contact data.
      await expect(found).not.toContainText(self);
      await shot(phone, `my-elections-nomination-${width}`);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      return { card, found };
    };
    const a = await memberAt(browser, page.request, accounts.a, 375);
    const { card: aCard } = await nominationStep(a, 375, stamp, names.a);
    await aCard.getByRole('button', { name: '提名本人为候选人' }).click();
    await confirmPopup(a, /提\s*名/);
    await expect(a.getByText('提名成功')).toBeVisible();
    await expect(aCard.getByText('您已提名')).toBeVisible();
    await shot(a, 'my-elections-nominated-375');
    await a.context().close();

    const b = await memberAt(browser, page.request, accounts.b, 1440);
    const { card: bCard, found } = await nominationStep(b, 1440, names.c, names.b);
    await expect(found.getByRole('listitem')).toHaveText([new RegExp(`^${escapeRegExp(names.c)}`)]);
    await found.getByRole('button', { name: `提名 ${names.c}` }).click();
    const ask = bCard.getByRole('alertdialog', { name: `提名“${names.c}”为候选人？` });
    await expect(ask.getByRole('button', { name: '确认提名' })).toBeFocused();
    await shot(b, 'my-elections-nomination-confirm-1440');
    // 取消 asks nothing and gives the focus back; asked again, 确认提名 nominates.
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toBeHidden();
    await expect(found.getByRole('button', { name: `提名 ${names.c}` })).toBeFocused();
    await found.getByRole('button', { name: `提名 ${names.c}` }).click();
    await ask.getByRole('button', { name: '确认提名' }).click();
    await expect(b.getByText('提名成功')).toBeVisible();
    await expect(bCard.getByText('您已提名')).toBeVisible();
    await shot(b, 'my-elections-nominated-1440');
    await b.context().close();

    const cToken = await memberToken(page.request, accounts.c);
    const [mine] = (await call<{ Id: number; Title: string }[]>(page.request, 'XfWebApi/GetMyElections', cToken)).filter((e) => e.Title === title);
    const [bFound] = await call<{ MemberId: number }[]>(
      page.request,
      `XfWebApi/SearchElectionNominees?electionid=${mine!.Id}&key=${encodeURIComponent(names.b)}`,
      cToken,
    );
    await call(page.request, 'XfWebApi/NominateCandidate', cToken, { ElectionId: mine!.Id, NomineeId: bFound!.MemberId });

    // Staff see the three nominations (C's made by B through the search), accept A's and B's,
    // decline C's, and add a candidate of their own with a photo.
    let drawer = await openElection(page, title);
    const nominations = drawer.locator('.ant-table').nth(1);
    for (const name of [names.a, names.b, names.c]) await expect(nominations.locator('.ant-table-row', { hasText: name })).toBeVisible();
    for (const name of [names.a, names.b]) {
      await nominations
        .locator('.ant-table-row', { hasText: name })
        .getByRole('button', { name: /^采\s*纳$/ })
        .click();
      await confirmPopup(page, /^采\s*纳$/);
      await expect(drawer.locator('.ant-table').first().getByText(name)).toBeVisible();
    }
    await nominations.locator('.ant-table-row', { hasText: names.c }).getByRole('button', { name: '不予采纳' }).click();
    await confirmPopup(page, /不予采纳/);
    await expect(drawer.getByText(names.c)).toHaveCount(0);
    await drawer.getByRole('button', { name: '新增候选人' }).click();
    const candidate = page.getByRole('dialog', { name: '新增候选人' });
    await settled(candidate);
    await candidate.getByLabel('姓名').fill('王五');
    await candidate.getByLabel('简介').fill('高级工程师，从事工程保险风险管理二十年。');
    await candidate.locator('input[type=file]').setInputFiles({ name: 'wang.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(candidate.locator('img')).toHaveAttribute('src', /\/uploads\/\d{6}\/.+\.png$/);
    await candidate.getByRole('button', { name: /确\s*定/ }).click();
    await expect(drawer.locator('.ant-table').first().getByText('王五')).toBeVisible();
    // Before the nominations close, the list cannot be confirmed: the step is not offered.
    await expect(drawer.getByRole('button', { name: '确认候选人名单' })).toHaveCount(0);
    await shot(page, 'election-drawer-nominating-1440');

    // The nominations close: staff confirm the candidates and freeze the roll.
    await serverClock(page.request, HOUR + 60_000);
    drawer = await openElection(page, title);
    await drawer.getByRole('button', { name: '确认候选人名单' }).click();
    await confirmPopup(page, /确认名单/);
    await expect(drawer.getByText(/名单已于 .+ 确认/)).toBeVisible();
    await drawer.getByRole('button', { name: '冻结选民名单' }).click();
    await confirmPopup(page, /冻结名单/);
    await drawer.getByRole('tab', { name: /选民名单/ }).click();
    const roll = drawer.getByRole('tabpanel');
    await roll.getByLabel('会员').fill(names.a);
    await roll.getByRole('button', { name: /查\s*询/ }).click();
    await expect(roll.locator('.ant-table-row', { hasText: names.a }).getByText('未投票')).toBeVisible();
    const download = page.waitForEvent('download');
    await roll.getByRole('button', { name: '导出选民名单' }).click();
    expect((await download).suggestedFilename()).toBe(`${title}-选民名单.xlsx`);
    await shot(page, 'election-roll-1440');

    // Voting opens: three members vote on their phones, one of them blank.
    await serverClock(page.request, 2 * HOUR + 60_000);
    const receipts: string[] = [];
    const ballots: [keyof typeof accounts, string[]][] = [
      ['a', [names.a, '王五']],
      ['b', [names.a]],
      ['c', []],
    ];
    for (const [who, choices] of ballots) {
      const phone = await memberAt(browser, page.request, accounts[who], 375);
      if (who === 'a') {
        // At most two of the three: the third cannot be ticked once two are.
        const card = electionCard(phone, title);
        await card.getByRole('checkbox', { name: new RegExp(names.a) }).check();
        await card.getByRole('checkbox', { name: /王五/ }).check();
        await expect(card.getByRole('checkbox', { name: new RegExp(names.b) })).toBeDisabled();
        await shot(phone, 'my-elections-ballot-375');
        await card.getByRole('checkbox', { name: new RegExp(names.a) }).uncheck();
        await card.getByRole('checkbox', { name: /王五/ }).uncheck();
      }
      receipts.push(await vote(phone, title, choices));
      if (who === 'a') await shot(phone, 'my-elections-receipt-375');
      await phone.reload();
      await expect(electionCard(phone, title).getByText('您已投票。')).toBeVisible();
      await phone.context().close();
    }

    // Staff follow the turnout, never the choices (and keep their session alive across the hour).
    drawer = await openElection(page, title);
    await expect(drawer.getByText(/投票中：已投票 3 \/ \d+ 人。/)).toBeVisible();

    // Voting closes: nothing is published until staff close the election and count.
    await serverClock(page.request, 3 * HOUR + 60_000);
    const early = await request.get(`/election/${mine!.Id}`);
    expect(await early.text()).toContain('选举尚未结束，结果未公布');
    drawer = await openElection(page, title);
    await drawer.getByRole('button', { name: '关闭选举并计票' }).click();
    await confirmPopup(page, /关闭并计票/);
    await expect(drawer.getByRole('tab', { name: '计票结果' })).toHaveAttribute('aria-selected', 'true');
    // A session of its own: the first one has idled out while the clock moved on three hours.
    const election = await call<{ Id: number; RollSize: number }>(page.request, `XfSysBussiness/GetElection?id=${mine!.Id}`, await adminToken(page.request));
    const sheet = drawer.getByRole('article', { name: '计票单' });
    const line = (name: string) => sheet.getByRole('row', { name: new RegExp(name) });
    await expect(line(names.a)).toContainText(/2\s*66\.7%\s*当选/);
    await expect(line('王五')).toContainText(/1\s*33\.3%\s*未当选/);
    await expect(line(names.b)).toContainText(/0\s*0%\s*未当选/);
    await expect(sheet).toContainText(`选民人数${election.RollSize}投票人数3`);
    await expect(sheet).toContainText('其中弃权票1');
    await expect(sheet).toContainText(`投票率${Math.round(3_000 / election.RollSize) / 10}%`);
    await expect(sheet).toContainText('法定人数2票是否达到已达到');
    await expect(sheet).toContainText(`当选名单：${names.a}（空缺1名）`);
    await expect(drawer.getByRole('figure', { name: /候选人得票/ })).toBeVisible();
    await shot(page, 'election-result-1440');

    // The 计票单 prints alone: the back office is not on the printed page.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void w.printed++;
    });
    await drawer.getByRole('button', { name: '打印计票单' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('tally-print-copy');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText(`${title} 计票单`);
    await expect(printed.getByRole('row', { name: new RegExp(names.a) })).toContainText('当选');
    await expect(page.getByRole('menu', { name: '后台导航' })).toBeHidden();
    await expect(drawer).toBeHidden();
    await look(page, `${shotDir}/election-print-a4.png`, { fullPage: true });
    // As the print window lays it out: one A4 page (595 × 842 pt), the sheet's own page size.
    const pdf = (await page.pdf({ preferCSSPageSize: true, path: `${shotDir}/election-print.pdf` })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/MediaBox\s*\[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
    await page.emulateMedia({ media: 'screen' });

    // The count verifies: the chain and the votes as published.
    await drawer.getByRole('button', { name: '核验计票' }).click();
    await expect(drawer.getByText('核验通过：3张选票的哈希链与计票结果均与公布的一致')).toBeVisible();
    await shot(page, 'election-verified-1440');
    await page.setViewportSize({ width: 375, height: 860 });
    await shot(page, 'election-result-375');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await shot(page, 'election-list-375');

    // Anyone finds a voter's receipt among the published ballots.
    await serverClock(page.request, 0);
    for (const width of [1440, 375]) {
      const visitor = waitingForApp(await (await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 900 } })).newPage());
      // The page drawn before the close was not kept: the count is there at once.
      await visitor.goto(`/election/${mine!.Id}`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`${title} 结果公布`);
      await expect(visitor.getByText('全部选票哈希（3张，按链的顺序）')).toBeVisible();
      await visitor.getByLabel('回执码').fill(receipts[0]!.toUpperCase());
      await visitor.getByRole('button', { name: '核对' }).click();
      await expect(visitor.getByText(/该选票在公布的名单中，是第 [123] 张。/)).toBeVisible();
      await shot(visitor, `election-public-${width}`);
      // Nothing scrolls sideways, on a phone either: the 计票单 and the hashes wrap.
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await visitor.getByLabel('回执码').fill('0'.repeat(32));
      await visitor.getByRole('button', { name: '核对' }).click();
      await expect(visitor.getByText('未在公布的选票中找到该回执码')).toBeVisible();
      await visitor.context().close();
    }
  } finally {
    await serverClock(page.request, 0);
  }
});
