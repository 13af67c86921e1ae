import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ofPerson, selectRecords, toRecord, type CertStore } from '../certificates/records.js';

/**
 * Deleting a member's personal information (个人信息保护法 art. 47), carried out when staff mark a
 * 删除 request 已办结: every table that holds information about the member is named here with
 * what happens to its rows (erasure.test.ts fails for a table with a member column that is not),
 * and the answer lists what was kept because a law requires it.
 */
export interface MemberRows {
  table: keyof DB & string;
  /** The column naming the member. */
  by: string;
  /** What the member reads in the answer. */
  name: string;
  erase: { delete: true } | { set: Record<string, string | number | null> } | { keep: string };
}

const blank = '';

export const memberRows: readonly MemberRows[] = [
  { table: 'member_sessions', by: 'member_id', name: '登录会话', erase: { delete: true } },
  { table: 'privacy_consents', by: 'member_id', name: '隐私政策授权记录', erase: { keep: '证明个人信息依授权处理（个人信息保护法第五十四条合规审计）' } },
  { table: 'rights_requests', by: 'member_id', name: '个人信息请求记录', erase: { keep: '证明请求已依法办理（个人信息保护法第五十条）' } },
  {
    table: 'messages',
    by: 'member_id',
    name: '留言与建议',
    erase: { set: { member_id: null, asker_name: blank, phone: blank, email: blank, ip: blank, address_group: blank } },
  },
  { table: 'form_respondents', by: 'member_id', name: '表单填写记录', erase: { delete: true } },
  { table: 'form_responses', by: 'member_id', name: '表单与报名表答卷', erase: { delete: true } },
  { table: 'activity_notices', by: 'member_id', name: '活动通知与报名', erase: { delete: true } },
  { table: 'attendance_certificates', by: 'member_id', name: '参会证明', erase: { keep: '已颁发的证明须可查验' } },
  { table: 'inbox_messages', by: 'member_id', name: '站内消息', erase: { delete: true } },
  { table: 'mailing_recipients', by: 'member_id', name: '群发通知收件记录', erase: { set: { email: blank } } },
  { table: 'mail_opt_outs', by: 'member_id', name: '退订设置', erase: { delete: true } },
  { table: 'membership_reminders', by: 'member_id', name: '续费提醒记录', erase: { delete: true } },
  { table: 'member_process_items', by: 'member_id', name: '入会审核记录', erase: { delete: true } },
  { table: 'member_payments', by: 'member_id', name: '会费缴纳记录', erase: { keep: '会计档案（会计法、会计档案管理办法）' } },
  { table: 'contribution_reviews', by: 'member_id', name: '投稿审核记录', erase: { delete: true } },
  { table: 'news', by: 'member_id', name: '投稿（作者信息）', erase: { set: { member_id: null, author: blank } } },
  { table: 'news_revisions', by: 'member_id', name: '投稿修订记录（作者信息）', erase: { set: { member_id: null, member_name: blank, author: blank } } },
  { table: 'news_reviews', by: 'author_member_id', name: '投稿送审记录（作者信息）', erase: { set: { author_member_id: null, author_name: blank } } },
  { table: 'election_voters', by: 'member_id', name: '选举投票名册', erase: { keep: '已结束选举的计票须可复核（协会章程）' } },
  { table: 'election_candidates', by: 'member_id', name: '选举候选人记录', erase: { keep: '选举结果已公告' } },
];

/**
 * Tables whose names, accounts or addresses are not a member's: staff, visitors, the site's own
 * settings. The schema test asks every table with such a column to be here or in memberRows.
 */
export const notMemberTables: Readonly<Record<string, string>> = {
  admin_users: '工作人员',
  admin_sessions: '工作人员的会话',
  audit_logs: '操作日志（网络安全法第二十一条：至少六个月），记录工作人员的操作',
  login_logs: '登录日志（网络安全法第二十一条：至少六个月）',
  login_failures: '按账号名删除（见 eraseMember）',
  cert_lookups: '访客查询次数，十分钟后清除',
  certificates: '考试成绩与证书：持证人不是会员账号，证件号码加密存储',
  api_tokens: '接口令牌',
  mail_templates: '通知模板',
  menu_review_steps: '审核流程',
  menus: '栏目',
  message_categories: '留言分类',
  message_departments: '办理部门',
  message_notes: '工作人员的办理备注',
  news_review_decisions: '审核人（工作人员）的决定',
  news_search: '文章全文索引',
  forms: '表单设置',
  roles: '角色',
  site_secrets: '站点密钥',
  site_settings: '站点设置',
  sms_log: '按手机号码匿名化（见 eraseMember）',
  stat_hits: '访问统计：不存 IP 地址与账号，访客只是当天有效的摘要，来源只存网站名（docs/statistics.md）',
  system_menus: '后台菜单',
  type_items: '字典',
  uploads: '申请材料随会员记录清空后由上传清理任务删除',
  work_calendar_days: '工作日历',
  kysely_migration: '数据库迁移记录',
  link_check_runs: '链接检查：发起检查的工作人员',
  link_findings: '链接检查的问题：所在文章的编辑与处理人（工作人员）',
};

export interface ErasureReport {
  done: string[];
  kept: string[];
}

/**
 * Erases the member's personal information in the caller's transaction; the member record stays
 * as a disabled, anonymous row (the company's name kept: an organisation is no person), so what
 * the law keeps still has its member. Answers what was done and kept, for the answer.
 */
export async function eraseMember(trx: Kysely<DB>, memberId: number, now: string): Promise<ErasureReport> {
  const member = await trx.selectFrom('members').select(['account', 'operator_phone']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const report: ErasureReport = { done: [], kept: [] };
  // A response's free-text answers go with it.
  await trx
    .deleteFrom('form_texts')
    .where('response_id', 'in', (eb) => eb.selectFrom('form_responses').select('id').where('member_id', '=', memberId))
    .execute();
  for (const rows of memberRows) {
    const mine = sql`${sql.ref(rows.by)} = ${memberId}`;
    if ('keep' in rows.erase) {
      const { rows: counted } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(rows.table)} WHERE ${mine}`.execute(trx);
      if (Number(counted[0]?.n ?? 0) > 0) report.kept.push(`${rows.name}（${rows.erase.keep}）`);
      continue;
    }
    const changes =
      'delete' in rows.erase
        ? sql`DELETE FROM ${sql.table(rows.table)} WHERE ${mine}`
        : sql`UPDATE ${sql.table(rows.table)} SET ${sql.join(Object.entries(rows.erase.set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`))} WHERE ${mine}`;
    const result = await changes.execute(trx);
    if (Number(result.numAffectedRows ?? 0) > 0) report.done.push(rows.name);
  }
  await trx.deleteFrom('login_failures').where('account', '=', member.account.toLowerCase()).execute();
  if (member.operator_phone) await trx.updateTable('sms_log').set({ phone: blank }).where('phone', '=', member.operator_phone).execute();
  await trx
    .updateTable('members')
    .set({
      account: `已注销${memberId}`,
      password_hash: blank,
      status: 0,
      legal_person: blank,
      daily_operator: blank,
      operator_phone: blank,
      email: blank,
      reg_address: blank,
      remarks: blank,
      file_path: blank,
      directory_contacts: blank,
      updated_at: now,
    })
    .where('id', '=', memberId)
    .execute();
  report.done.unshift('会员资料中的联系人、电话、邮箱、地址与申请材料（账号已注销）');
  report.kept.push('登录日志与操作日志（网络安全法：至少保存六个月，期满自动删除）');
  return report;
}

/**
 * Deleting a certificate holder's personal information (a person without an account, proved by
 * verification): their exam results without a certificate are deleted outright (nothing the
 * association must show later); issued certificates are kept, since whoever is shown one must be
 * able to verify it, and the answer says so. The person is the name and ID number of the record
 * they proved themselves with.
 */
export async function eraseCertHolder(store: CertStore, certId: number): Promise<ErasureReport> {
  const proved = await selectRecords(store.db).where('id', '=', certId).executeTakeFirstOrThrow();
  const idNum = toRecord(store.idNumbers, proved).idNum;
  const theirs = ofPerson(store.idNumbers, proved.name, idNum);
  const deleted = await store.db.deleteFrom('certificates').where(theirs).where('cert_num', 'is', null).executeTakeFirst();
  const { kept } = await store.db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<number>().as('kept'))
    .where(theirs)
    .executeTakeFirstOrThrow();
  const report: ErasureReport = { done: [], kept: [] };
  if (Number(deleted.numDeletedRows) > 0) report.done.push(`考试成绩${Number(deleted.numDeletedRows)}条（未发证书的）`);
  if (Number(kept) > 0) report.kept.push(`已颁发的证书${Number(kept)}张（证书须可查验）`);
  report.kept.push('个人信息请求记录（证明请求已依法办理，个人信息保护法第五十条）');
  return report;
}

/** The report as the answer's last lines. */
export const reportText = (report: ErasureReport) =>
  [
    report.done.length ? `已删除或匿名化：${report.done.join('；')}。` : '没有可删除的个人信息。',
    report.kept.length ? `依法保留：${report.kept.join('；')}。` : '',
  ]
    .filter(Boolean)
    .join('\n');
