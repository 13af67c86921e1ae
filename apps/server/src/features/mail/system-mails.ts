import type { Kysely } from 'kysely';
import { formatCst, type SaveSystemMailBody, type SystemMailCode, type SystemMailDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { MailContext } from './context.js';
import { checkVariablesOf, fillVariables } from './merge-text.js';

/**
 * 系统邮件: the mails the system sends by itself (a contribution's outcome, the renewal
 * reminders, the activity notice), each a template staff may edit in 通知模板 → 系统邮件
 * (features/mailings/system-mails-admin.ts). Here, beside the outbox, so the features that send
 * them (review, membership, activities) can read them from below the mailings. A mail has its own
 * variables, filled by the code that sends it; the shipped default writes out the text the
 * product sent before the mails were editable, so a site that edits nothing sends what it did.
 *
 * They stay plain text, unlike the mailings' rich text: they were plain text before, the outbox
 * sends them so, and a reminder's bank account reads the same in every mail client.
 */

interface SystemMailSpec {
  name: string;
  description: string;
  /** Each variable and what it holds, in the order the editor offers them. */
  variables: Readonly<Record<string, string>>;
  subject: string;
  body: string;
}

const FOOTER = ['（本邮件由系统自动发送，请勿直接回复。）', '{{网站名称}}'];

const contributionVariables = {
  会员名称: '投稿会员的名称',
  文章标题: '投稿文章的标题',
  投稿链接: '会员中心“我的投稿”的地址',
  网站名称: '网站名称',
};

const contributionBody = (verdict: string, rejected: string[]) =>
  ['{{会员名称}}：', '', `您投稿的文章《{{文章标题}}》${verdict}。`, ...rejected, '', '查看我的投稿：{{投稿链接}}', '', ...FOOTER].join('\n');

const renewalVariables = {
  会员名称: '会员的名称',
  提醒类型: '提醒的名称，如“到期前30天提醒”“到期提醒”',
  有效期至: '会员资格的有效期至（yyyy-MM-dd）',
  宽限期至: '宽限期的最后一天（yyyy-MM-dd）',
  缴费信息: '应缴会费（会员级别设置了年费时）和缴费账户（未设置账户时为“缴费账户请联系协会秘书处获取。”），可为多行',
  会籍链接: '会员中心“我的会籍”的地址',
  网站名称: '网站名称',
};

const renewalBody = (what: string) => ['{{会员名称}}：', '', what, '', '{{缴费信息}}', '', '查看会籍信息：{{会籍链接}}', '', ...FOOTER].join('\n');
const renewalSubject = '【{{网站名称}}】{{提醒类型}}';

const activityVariables = {
  会员名称: '会员的名称',
  活动名称: '活动的标题',
  活动时间: '开始和结束时间，如“2024-06-20 09:00 至 2024-06-20 17:00”',
  活动地点: '活动地点',
  报名截止: '报名截止时间（yyyy-MM-dd HH:mm）',
  签到信息: '已报名会员的签到码和出示签到二维码的说明（另起一行，后接一个空行；二维码在附件中），未报名时为空',
  活动链接: '会员中心该活动页面的地址（查看详情、报名）',
  网站名称: '网站名称',
};

/** Every system mail, in the order the list shows them. */
export const systemMails: Readonly<Record<SystemMailCode, SystemMailSpec>> = {
  'contribution-approved': {
    name: '投稿审核通过',
    description: '会员投稿经最后一级审核通过并发布时，发给投稿会员',
    variables: contributionVariables,
    subject: '【投稿审核】《{{文章标题}}》已审核通过并发布',
    body: contributionBody('已审核通过并发布', []),
  },
  'contribution-rejected': {
    name: '投稿审核驳回',
    description: '会员投稿被驳回时，发给投稿会员',
    variables: { ...contributionVariables, 驳回原因: '审核人填写的驳回原因' },
    subject: '【投稿审核】《{{文章标题}}》未通过审核',
    body: contributionBody('未通过审核', ['驳回原因：{{驳回原因}}', '', '您可以修改后重新提交。']),
  },
  'renewal-before': {
    name: '续费提醒（到期前）',
    description: '会员资格到期前若干天（MEMBERSHIP_REMINDER_DAYS，默认30天和7天）发送',
    variables: renewalVariables,
    subject: renewalSubject,
    body: renewalBody('您单位的会员资格将于{{有效期至}}到期，请及时缴纳会费续期。'),
  },
  'renewal-expired': {
    name: '续费提醒（已到期）',
    description: '会员资格到期、进入宽限期时发送',
    variables: renewalVariables,
    subject: renewalSubject,
    body: renewalBody('您单位的会员资格已于{{有效期至}}到期，现处于宽限期。请于{{宽限期至}}前缴纳会费，逾期将暂停会员服务。'),
  },
  'renewal-lapsed': {
    name: '续费提醒（宽限期结束）',
    description: '宽限期结束、会员服务暂停后一周内发送',
    variables: renewalVariables,
    subject: renewalSubject,
    body: renewalBody('您单位的会员资格已于{{有效期至}}到期，宽限期已结束，会员专享文章、投稿和活动报名已暂停。缴纳会费后即可恢复。'),
  },
  'renewal-manual': {
    name: '续费提醒（手动发送）',
    description: '在会员列表中点击“发送续费提醒”时发送',
    variables: {
      ...renewalVariables,
      // A member may have no 有效期至 (never paid): the sentence differs, so the code writes it.
      提醒内容: '有有效期时为“您单位的会员资格有效期至…，请及时缴纳会费续期。”，没有时为“请及时缴纳本年度会费。”',
    },
    subject: renewalSubject,
    body: renewalBody('{{提醒内容}}'),
  },
  'activity-notice': {
    name: '活动通知',
    description: '活动发布后发给其参加范围内的会员；在参加会员列表中再次提醒时重发（已报名会员附签到码）',
    variables: activityVariables,
    subject: '【活动通知】{{活动名称}}',
    body: [
      '{{会员名称}}：',
      '',
      '{{网站名称}}邀请您参加活动「{{活动名称}}」。',
      '',
      '活动时间：{{活动时间}}',
      '活动地点：{{活动地点}}',
      '报名截止：{{报名截止}}',
      '',
      // 签到信息 ends with its own blank line, so a mail to a member not signed up has none here.
      '{{签到信息}}查看详情并报名：{{活动链接}}',
      '',
      ...FOOTER,
    ].join('\n'),
  },
};

const codes = Object.keys(systemMails) as SystemMailCode[];

export interface SystemMailText {
  subject: string;
  body: string;
}

/**
 * The mail `code` as it goes out now, its variables unfilled: the staff's edit, else the default.
 * Read in the caller's transaction, so the mail is composed with what was saved when it is queued.
 */
export async function systemMailText(db: Kysely<DB>, code: SystemMailCode): Promise<SystemMailText> {
  const stored = await db.selectFrom('system_mails').select(['subject', 'body']).where('code', '=', code).executeTakeFirst();
  return stored ?? systemMails[code];
}

/** One recipient's mail from `text` (a batch reads the text once and fills it per member). */
export const fillSystemMail = (text: SystemMailText, values: Readonly<Record<string, string>>): SystemMailText => ({
  subject: fillVariables(text.subject, values),
  body: fillVariables(text.body, values),
});

/** The mail `code` as it goes out now, with `values` filled. */
export async function composeSystemMail(db: Kysely<DB>, code: SystemMailCode, values: Readonly<Record<string, string>>): Promise<SystemMailText> {
  return fillSystemMail(await systemMailText(db, code), values);
}

/** Refuses a variable the mail does not offer, naming it: a save and a preview check alike. */
const checkVariables = (b: SaveSystemMailBody) => checkVariablesOf(Object.keys(systemMails[b.Code].variables), b.Subject, b.Body);

/**
 * What each variable holds in 预览: the site's own name and address, and for the rest a value as
 * the sending code would write it (the renewal's payment lines as when no account is set).
 */
function exampleValues(site: MailContext): Record<string, string> {
  return {
    会员名称: '示例建设工程有限公司',
    文章标题: '工程质量潜在缺陷保险的风险管控实践',
    投稿链接: `${site.baseUrl}/contribute`,
    驳回原因: '请补充案例的数据来源。',
    提醒类型: '到期前30天提醒',
    有效期至: '2026-12-31',
    宽限期至: '2027-03-31',
    缴费信息: '应缴会费：¥5,000.00（人民币伍仟元整；理事单位，会籍期限一年）\n缴费账户请联系协会秘书处获取。',
    会籍链接: `${site.baseUrl}/member/membership`,
    提醒内容: '您单位的会员资格有效期至2026-12-31，请及时缴纳会费续期。',
    活动名称: '建设工程保险风险管理年会',
    活动时间: '2026-06-20 09:00 至 2026-06-20 17:00',
    活动地点: '协会报告厅',
    报名截止: '2026-06-15 18:00',
    签到信息: '签到码：K7Q2M9\n到场后请向工作人员出示附件中的签到二维码（活动页面也可查看），或报出签到码。\n\n',
    活动链接: `${site.baseUrl}/member/activity/1`,
    网站名称: site.siteName,
  };
}

/** PreviewSystemMail: the text as staff wrote it, checked as a save is, its variables filled with examples. */
export function previewSystemMail(b: SaveSystemMailBody, site: MailContext): SystemMailText {
  checkVariables(b);
  return fillSystemMail({ subject: b.Subject, body: b.Body }, exampleValues(site));
}

/** GetSystemMailList: every system mail, edited or not. */
export async function listSystemMails(db: Kysely<DB>): Promise<SystemMailDto[]> {
  const rows = await db.selectFrom('system_mails').selectAll().execute();
  const edited = new Map(rows.map((r) => [r.code, r]));
  return codes.map((code) => {
    const spec = systemMails[code];
    const row = edited.get(code);
    return {
      Code: code,
      Name: spec.name,
      Description: spec.description,
      Variables: Object.entries(spec.variables).map(([Name, Meaning]) => ({ Name, Meaning })),
      Subject: row?.subject ?? spec.subject,
      Body: row?.body ?? spec.body,
      DefaultSubject: spec.subject,
      DefaultBody: spec.body,
      Customised: !!row,
      UpdateTime: row?.updated_at ?? '',
    };
  });
}

/** SaveSystemMail: the subject and body, every {{变量}} one of this mail's. */
export async function saveSystemMail(db: Kysely<DB>, b: SaveSystemMailBody, now: number): Promise<void> {
  checkVariables(b);
  const fields = { subject: b.Subject, body: b.Body, updated_at: formatCst(now) };
  await db
    .insertInto('system_mails')
    .values({ code: b.Code, ...fields })
    .onConflict((oc) => oc.column('code').doUpdateSet(fields))
    .execute();
}

/** ResetSystemMail: forgets the edit, so the default is sent again. */
export async function resetSystemMail(db: Kysely<DB>, code: SystemMailCode): Promise<void> {
  await db.deleteFrom('system_mails').where('code', '=', code).execute();
}
