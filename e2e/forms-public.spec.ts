import type { Page } from '@playwright/test';
import { expect, look, test } from './test.js';
import { adminToken, captchaAnswer, saveArticleByApi, unique, type Envelope } from './admin-session.js';
import { createForm, everyFieldForm, field } from './forms.js';
import { agreeToPrivacy, menuByName } from './helpers.js';
import { member } from './member-session.js';

/**
 * Forms as visitors and members meet them: a member answers a members' survey on a phone, where
 * a question appears only once its choice is picked, and staff read the answer back; a visitor
 * votes in a public, anonymous vote with the captcha and sees the count; a form inside an
 * article; a closed form says so.
 */

/** The captcha the page shows next, answered through the journeys' seam. */
const nextFormCaptcha = (page: Page) =>
  page
    .waitForResponse((r) => r.url().includes('/api/XfWebApi/GetFormCaptcha'))
    .then(async (r) => captchaAnswer(page.request, ((await r.json()) as { Url: string }).Url));

test('a member answers a members’ survey on a phone; the conditional question appears with its choice; staff read the answer', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminToken(request);
  const title = unique('会员服务满意度调查');
  const formId = await createForm(request, admin, {
    Title: title,
    Description: '为改进协会服务，请各会员单位如实填写。',
    Kind: 'survey',
    Audience: 'members',
    Fields: [
      field('basics', 'section', '基本情况'),
      field('contact', 'text', '联系人', { Required: true, Help: '请填写负责此事的同事' }),
      field('satisfied', 'radio', '总体是否满意', { Required: true, Options: ['满意', '不满意'] }),
      field('why', 'textarea', '不满意的原因', { Required: true, ShowWhen: { Field: 'satisfied', Option: '不满意' } }),
      field('services', 'checkbox', '用过的服务', { Options: ['培训', '咨询', '评优'], MaxPicks: 2 }),
      field('score', 'rating', '服务评分', { Scale: 5 }),
    ],
  });
  const token = await member(request, admin, '表单测试工程有限公司');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`/form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('进行中')).toBeVisible();
  const why = page.getByRole('textbox', { name: /不满意的原因/ });
  await expect(page.getByRole('textbox', { name: /联系人/ })).toBeVisible();
  await expect(why).toHaveCount(0);

  await page.getByRole('textbox', { name: /联系人/ }).fill('李四');
  await page.getByRole('radio', { name: '满意', exact: true }).check();
  await expect(why).toHaveCount(0);
  await page.getByRole('radio', { name: '不满意' }).check();
  await expect(why).toBeVisible();
  await page.getByRole('checkbox', { name: '培训' }).check();
  await page.getByRole('checkbox', { name: '咨询' }).check();
  await page.getByRole('radio', { name: '4' }).check();
  await look(page, testInfo.outputPath('form-member-375.png'), { fullPage: true });

  // The server's own words, before anything is sent: the question shown is now required.
  await agreeToPrivacy(page);
  await page.getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('请填写「不满意的原因」')).toBeVisible();
  await expect(why).toBeFocused();
  await why.fill('培训通知发得太晚');
  await page.getByRole('button', { name: '提 交' }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(page.getByRole('link', { name: '查看我的填报' })).toBeVisible();
  await look(page, testInfo.outputPath('form-member-submitted-375.png'), { fullPage: true });

  // Staff read the response back, with its member.
  const list = (await (
    await request.get('/api/XfSysBussiness/GetFormResponseList', { params: { formid: formId }, headers: { token: admin } })
  ).json()) as Envelope<{ List: { MemberName: string; Answers: Record<string, unknown> }[]; TotalCount: number }>;
  expect(list.Code, list.Message).toBe(200);
  expect(list.Data.TotalCount).toBe(1);
  expect(list.Data.List[0]!.MemberName).toBe('表单测试工程有限公司');
  expect(list.Data.List[0]!.Answers).toEqual({ contact: '李四', satisfied: '不满意', why: '培训通知发得太晚', services: ['培训', '咨询'], score: 4 });

  // Coming back: answered once, said so; 我的填报 shows the answers under their questions.
  await page.goto(`/form/${formId}`);
  await expect(page.getByText('您已提交过该表单，每位会员限提交一次')).toBeVisible();
  await page.goto('/member/forms');
  await page.getByRole('button', { name: '查看' }).first().click();
  await expect(page.getByText('培训通知发得太晚')).toBeVisible();
  await expect(page.getByText('培训、咨询')).toBeVisible();
  await look(page, testInfo.outputPath('my-forms-375.png'), { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await look(page, testInfo.outputPath('my-forms-1440.png'), { fullPage: true });
});

test('a visitor votes in a public anonymous vote with the captcha and sees the count; the vote inside an article too', async ({ page, request }, testInfo) => {
  const admin = await adminToken(request);
  const title = unique('年度优秀会员单位评选');
  const formId = await createForm(request, admin, {
    Title: title,
    Description: '请从下列候选单位中选出您心目中的年度优秀会员单位，每人最多选两家。',
    Kind: 'vote',
    Audience: 'public',
    Anonymous: true,
    ResultsVisible: 'during',
    Fields: [field('pick', 'checkbox', '优秀会员单位', { Required: true, Options: ['华东工程保险公司', '中建风险管理公司', '安泰工程咨询公司'], MaxPicks: 2 })],
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  const firstCaptcha = nextFormCaptcha(page);
  await page.goto(`/form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Before any answer: the vote is anonymous, and the page says so.
  await expect(page.getByTestId('anonymous-notice')).toContainText('不记录您的姓名、会员身份和网络地址');
  await page.getByRole('checkbox', { name: '华东工程保险公司' }).check();
  await page.getByRole('checkbox', { name: '中建风险管理公司' }).check();
  await page.getByRole('checkbox', { name: '安泰工程咨询公司' }).check();
  await agreeToPrivacy(page);
  await page.getByRole('button', { name: '投 票' }).click();
  await expect(page.getByText('「优秀会员单位」最多选择2项')).toBeVisible();
  await page.getByRole('checkbox', { name: '安泰工程咨询公司' }).uncheck();
  await expect(page.getByText('「优秀会员单位」最多选择2项')).toHaveCount(0);

  // A wrong captcha is refused and a new one shown; the right one passes.
  await firstCaptcha;
  const captcha = page.getByRole('textbox', { name: /验证码/ });
  await captcha.fill('0000');
  const second = nextFormCaptcha(page);
  await page.getByRole('button', { name: '投 票' }).click();
  await expect(page.getByText('验证码错误或已过期')).toBeVisible();
  await captcha.fill(await second);
  await look(page, testInfo.outputPath('form-vote-1440.png'), { fullPage: true });
  await page.getByRole('button', { name: '投 票' }).click();
  await expect(page.getByText('投票成功')).toBeVisible();
  const results = page.getByRole('region', { name: '结果' });
  // Each pick's share of those who answered; the public count follows within seconds.
  await expect(results.getByRole('row', { name: '华东工程保险公司 1 100%' })).toBeVisible({ timeout: 30_000 });
  await expect(results.getByRole('figure', { name: '优秀会员单位' })).toBeVisible();
  await look(page, testInfo.outputPath('form-vote-results-1440.png'), { fullPage: true });

  // The count is in the server's HTML, for readers without scripts and for print.
  const html = await (await request.get(`/form/${formId}`)).text();
  expect(html).toContain('华东工程保险公司');
  expect(html).toContain('<th scope="row">华东工程保险公司</th><td>1</td><td>100%</td>');

  // An article embeds the vote with a paragraph that is one link to it.
  const menu = await menuByName(request, '通知公告');
  const article = await saveArticleByApi(request, admin, {
    MenuId: menu.MenuId,
    Title: unique('关于开展年度优秀会员单位评选的通知'),
    NewContent: `<p>各会员单位：</p><p>现开展年度评选，请在下方投票。</p><p><a href="/form/${formId}">${title}</a></p><p>协会秘书处</p>`,
    Status: 1,
  });
  await page.goto(`/info?MenuId=${menu.MenuId}&NewsId=${article}`);
  const embedded = page.locator(`[data-form-id="${formId}"]`);
  await expect(embedded.getByRole('heading', { name: title })).toBeVisible();
  await expect(embedded.getByRole('checkbox', { name: '华东工程保险公司' })).toBeVisible();
  await expect(page.getByText('协会秘书处')).toBeVisible();
  await look(page, testInfo.outputPath('article-form-1440.png'), { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await look(page, testInfo.outputPath('article-form-375.png'), { fullPage: true });
  await page.goto(`/form/${formId}`);
  await expect(page.getByText('投票成功')).toHaveCount(0);
  await look(page, testInfo.outputPath('form-vote-375.png'), { fullPage: true });
});

test('a visitor fills a form of every field type on a phone and at 1440, a file and a region among them', async ({ page, request }, testInfo) => {
  const { id, title } = await everyFieldForm(request);
  const captcha = nextFormCaptcha(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/form/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await look(page, testInfo.outputPath('form-every-field-375.png'), { fullPage: true });

  await page.getByRole('textbox', { name: /单位名称/ }).fill('示例工程保险经纪有限公司');
  await page.getByRole('combobox', { name: '省份' }).selectOption('广东省');
  await page.getByRole('textbox', { name: '城市' }).fill('深圳市');
  await page
    .getByRole('group', { name: /各项服务评价/ })
    .getByRole('radio', { name: '培训：满意' })
    .check();
  await page.getByRole('radio', { name: '9', exact: true }).check();
  await page
    .getByLabel(/相关材料/)
    .setInputFiles({ name: '材料.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') });
  await expect(page.getByText('已上传：材料.pdf')).toBeVisible();
  await page.getByRole('textbox', { name: /验证码/ }).fill(await captcha);
  await page.setViewportSize({ width: 1440, height: 900 });
  await look(page, testInfo.outputPath('form-every-field-1440.png'), { fullPage: true });
  await agreeToPrivacy(page);
  await page.getByRole('button', { name: '提 交' }).click();
  // One of 用过的服务 must be picked (MinPicks 1) only once it is answered: it is not required.
  await expect(page.getByText('提交成功')).toBeVisible();

  const list = (await (
    await request.get('/api/XfSysBussiness/GetFormResponseList', { params: { formid: id }, headers: { token: await adminToken(request) } })
  ).json()) as Envelope<{ List: { Answers: Record<string, unknown> }[] }>;
  const answers = list.Data.List[0]!.Answers;
  expect(answers.region).toEqual({ Province: '广东省', City: '深圳市' });
  expect(answers.matrix).toEqual({ 培训: '满意' });
  expect(answers.score).toBe(9);
  expect(String(answers.file)).toMatch(/\.pdf$/);
});

test('a closed form, one not yet open and a members’ form seen by a visitor each say so and take no answer', async ({ page, request }, testInfo) => {
  const admin = await adminToken(request);
  const fields = [field('name', 'text', '姓名', { Required: true })];
  const title = unique('培训报名表');
  const closed = await createForm(request, admin, { Title: title, Fields: fields }, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/form/${closed}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('表单已关闭，不再接受提交')).toBeVisible();
  await expect(page.getByText('已结束')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /姓名/ })).toHaveCount(0);
  await look(page, testInfo.outputPath('form-closed-1440.png'), { fullPage: true });

  const later = await createForm(request, admin, { Title: unique('年会报名'), OpenTime: '2099-01-01 09:00:00', Fields: fields });
  await page.goto(`/form/${later}`);
  await expect(page.getByText('表单将于2099-01-01 09:00:00开始接受提交')).toBeVisible();
  await expect(page.getByText('未开始')).toBeVisible();

  const forMembers = await createForm(request, admin, { Title: unique('会员意见征集'), Audience: 'members', Fields: fields });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/form/${forMembers}`);
  await expect(page.getByText('该表单仅限会员填写，请先登录')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: '会员登录' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /姓名/ })).toHaveCount(0);
  await look(page, testInfo.outputPath('form-members-only-375.png'), { fullPage: true });

  // An address of no form is a 404.
  const missing = await request.get('/form/999999999');
  expect(missing.status()).toBe(404);
});
