import type { Kysely } from 'kysely';
import { consentSubjectNames, formatCst, rightsKindNames, type ConsentSubject, type MyDataDto, type MyDataSectionDto, type RightsKind } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { holderRecords, type CertHolder } from './holder.js';
import { byRequester, type RightsRequester } from './service.js';

/**
 * 我的个人信息: what the association holds about a member, by kind, as the member may see and copy
 * it (个人信息保护法 art. 45). Each section reads its table directly: a new table that keeps a
 * member's personal information adds a section here (docs/privacy.md, "Your data").
 * Passwords, session tokens and keys are never part of it: they are secrets, not information about
 * the person.
 */

type Section = (db: Kysely<DB>, memberId: number) => Promise<MyDataSectionDto>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const section = (Name: string, Columns: string[], rows: unknown[][]): MyDataSectionDto => ({ Name, Columns, Rows: rows.map((r) => r.map(text)) });

const profile: Section = async (db, memberId) => {
  const m = await db
    .selectFrom('members')
    .select([
      'account',
      'member_name',
      'legal_person',
      'daily_operator',
      'operator_phone',
      'email',
      'reg_address',
      'company_ment',
      'mainbusiness',
      'reg_capital',
      'staff_count',
      'join_date',
      'expire_date',
      'applied_at',
      'last_login_at',
      'created_at',
    ])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const fields: [string, unknown][] = [
    ['账号', m.account],
    ['公司名称', m.member_name],
    ['负责人', m.legal_person],
    ['联络人', m.daily_operator],
    ['手机号码', m.operator_phone],
    ['电子邮箱', m.email],
    ['注册地址', m.reg_address],
    ['公司简介', m.company_ment],
    ['主营业务', m.mainbusiness],
    ['注册资本（万元）', m.reg_capital],
    ['员工人数', m.staff_count],
    ['入会日期', m.join_date],
    ['会籍到期', m.expire_date],
    ['申请时间', m.applied_at],
    ['最近登录', m.last_login_at],
    ['建档时间', m.created_at],
  ];
  return section('会员资料', ['项目', '内容'], fields);
};

const consents: Section = async (db, memberId) => {
  const rows = await db
    .selectFrom('privacy_consents')
    .select(['subject', 'policy_version', 'accepted_at', 'withdrawn_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return section(
    '隐私政策授权',
    ['事项', '隐私政策版本', '同意时间', '撤回时间'],
    rows.map((r) => [consentSubjectNames[r.subject as ConsentSubject] ?? r.subject, `第${r.policy_version}版`, r.accepted_at, r.withdrawn_at]),
  );
};

const messages: Section = async (db, memberId) => {
  const rows = await db
    .selectFrom('messages')
    .select(['subject', 'content', 'asker_name', 'phone', 'email', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return section(
    '留言与建议',
    ['标题', '内容', '姓名', '电话', '电子邮箱', '提交时间'],
    rows.map((r) => [r.subject, r.content, r.asker_name, r.phone, r.email, r.created_at]),
  );
};

const formResponses: Section = async (db, memberId) => {
  const rows = await db
    .selectFrom('form_responses')
    .innerJoin('forms', 'forms.id', 'form_responses.form_id')
    .select(['forms.title', 'form_responses.answers', 'form_responses.created_at'])
    .where('form_responses.member_id', '=', memberId)
    .orderBy('form_responses.id')
    .execute();
  return section(
    '表单与报名表填写',
    ['表单', '填写内容', '提交时间'],
    rows.map((r) => [r.title, r.answers, r.created_at]),
  );
};

const activities: Section = async (db, memberId) => {
  const rows = await db
    .selectFrom('activity_notices')
    .innerJoin('activities', 'activities.id', 'activity_notices.activity_id')
    .select(['activities.title', 'activity_notices.signed_up_at', 'activity_notices.checked_in_at'])
    .where('activity_notices.member_id', '=', memberId)
    .where('activity_notices.signed_up_at', '!=', '')
    .orderBy('activity_notices.activity_id')
    .execute();
  return section(
    '活动报名与签到',
    ['活动', '报名时间', '签到时间'],
    rows.map((r) => [r.title, r.signed_up_at, r.checked_in_at]),
  );
};

const contributions: Section = async (db, memberId) => {
  const rows = await db.selectFrom('news').select(['title', 'author', 'news_create_time']).where('member_id', '=', memberId).orderBy('id').execute();
  return section(
    '投稿',
    ['标题', '作者', '提交时间'],
    rows.map((r) => [r.title, r.author, r.news_create_time]),
  );
};

const signIns: Section = async (db, memberId) => {
  const rows = await db
    .selectFrom('member_sessions')
    .select(['ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return section(
    '登录记录',
    ['网络地址', '浏览器', '登录时间', '最近活动'],
    rows.map((r) => [r.ip, r.user_agent, r.created_at, r.last_seen_at]),
  );
};

/** 个人信息请求: the person's own requests, a member's or a certificate holder's. */
const requestsOf = async (db: Kysely<DB>, requester: RightsRequester): Promise<MyDataSectionDto> => {
  const rows = await db
    .selectFrom('rights_requests as r')
    .select(['r.kind', 'r.content', 'r.answer', 'r.created_at', 'r.handled_at'])
    .where(byRequester(requester))
    .orderBy('r.id')
    .execute();
  return section(
    '个人信息请求',
    ['类型', '内容', '答复', '提交时间', '办理时间'],
    rows.map((r) => [rightsKindNames[r.kind as RightsKind] ?? r.kind, r.content, r.answer, r.created_at, r.handled_at]),
  );
};

const requests: Section = (db, memberId) => requestsOf(db, { memberId });

/** Every section, in the order the page and the workbook show them. */
const sections: readonly Section[] = [profile, consents, messages, formResponses, activities, contributions, signIns, requests];

export async function myData(db: Kysely<DB>, memberId: number, now: number): Promise<MyDataDto> {
  return { ExportTime: formatCst(now), Sections: await Promise.all(sections.map((read) => read(db, memberId))) };
}

/** What the association holds about a certificate holder: their records and their requests. */
export async function holderData(database: Database, holder: CertHolder, now: number): Promise<MyDataDto> {
  return { ExportTime: formatCst(now), Sections: [await holderRecords(database, holder), await requestsOf(database.db, { holder })] };
}
