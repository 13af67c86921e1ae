import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleStatus, type ListDto, type Permission } from '@portal/shared';
import { adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { certBody, idNumber, saveCert } from '../../test/certificates.js';
import { insertMenu, insertNews, timeAt } from '../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';
import { addMember, seedTypeChoices } from '../../test/members.js';
import { readSheet } from '../../test/xlsx.js';

const FORBIDDEN = { Code: 403, Message: '当前操作没有权限', Data: null };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Every back-office list's 导出: the current search as .xlsx (the list's visible columns under
 * their Chinese headers, text defused against formulas), each behind its own button
 * permission: a role that may read a list but was not granted its export is refused.
 */
describe.each(engines)('list exports on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  /** May read every list, export none. */
  let reader: string;
  /** May read and export 会员列表 only. */
  let memberExporter: string;
  let activityId: number;

  const grant = async (roleName: string, perms: Permission[]) => {
    const menus = await t.app.services.database.db.selectFrom('system_menus').select('id').where('perms', 'in', perms).execute();
    expect(menus).toHaveLength(perms.length);
    expect((await adminCall(t, admin, 'POST', '/api/XfSystemApi/SaveRole', { RoleName: roleName, MenuIds: menus.map((m) => m.id) })).Code).toBe(200);
  };

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    const { db } = t.app.services.database;

    const lists: Permission[] = [
      'content:news:list',
      'member:list',
      'member:contribution:list',
      'member:propose:list',
      'system:audit:list',
      'cert:list',
      'cert:score:list',
      'activity:list',
    ];
    await grant('只读', lists);
    await createAdmin(t, admin, 'reader1', '只读');
    reader = await loginAdmin(t, 'reader1');
    await grant('会员导出', ['member:list', 'member:export']);
    await createAdmin(t, admin, 'exporter1', '会员导出');
    memberExporter = await loginAdmin(t, 'exporter1');

    const menuId = await insertMenu(db, { name: '协会动态', acceptsContributions: true });
    await insertNews(db, { menuId, title: '年度风险管理报告', author: '秘书处', views: 12, isTop: true, newsCreateTime: timeAt(1) });
    await insertNews(db, { menuId, title: '=HYPERLINK("http://x","年度")', newsCreateTime: timeAt(2) });
    await insertNews(db, { menuId, title: '其他通知', newsCreateTime: timeAt(3) });

    const types = await seedTypeChoices(t);
    const memberId = await addMember(t, admin, types, 'export01', { MemberName: '华建工程有限公司' });
    await addMember(t, admin, types, 'export02', { MemberName: '@远航保险经纪' });
    await insertNews(db, { menuId, title: '会员投稿：工地安全', memberId, status: ArticleStatus.UnderReview, newsCreateTime: timeAt(4) });

    for (const [i, content] of ['希望增加培训场次', '+86 请回电', '无关建议'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/SavePropose',
        payload: { Mobile: `1381234567${i}`, ProposeContent: content },
        headers: { 'x-forwarded-for': `10.77.0.${i + 1}` },
      });
      expect(envelope(res).Code).toBe(200);
    }

    await saveCert(t, admin, certBody({ _name: '导出一', _idNum: idNumber(71), _certNum: 'EXP-0001' }));
    const saved = await adminCall<number>(t, admin, 'POST', '/api/XfSysBussiness/SaveActivityDetail', {
      ActivityId: 0,
      Title: '年度交流会',
      Description: '<p>欢迎参加</p>',
      Place: '北京',
      StartTime: '2030-01-01 09:00:00',
      EndTime: '2030-01-01 17:00:00',
      SignUpDeadline: '2029-12-20 18:00:00',
      AudienceAll: true,
    });
    expect(saved.Code, saved.Message).toBe(200);
    activityId = saved.Data;
    const published = await adminCall(t, admin, 'POST', '/api/XfSysBussiness/PublishActivity', { ActivityId: activityId });
    expect(published.Code, published.Message).toBe(200);
  });
  afterAll(() => t.close());

  const download = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { token } });
  const exported = async (url: string, name: string) => {
    const res = await download(admin, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    return readSheet(res.rawPayload);
  };

  it('文章列表: the search’s articles in the table’s columns, a formula-looking title defused', async () => {
    const rows = await exported('/api/XfSysBussiness/ExportNewsList?key=年度', '文章列表.xlsx');
    expect(rows[0]).toEqual(['标题', '所属栏目', '状态', '置顶', '会员可读', '作者', '阅读量', '发布时间', '定时下线']);
    expect(rows.slice(1)).toEqual([
      [`'=HYPERLINK("http://x","年度")`, '协会动态', '正常', '否', '否', undefined, 0, timeAt(2)],
      ['年度风险管理报告', '协会动态', '正常', '是', '否', '秘书处', 12, timeAt(1)],
    ]);
  });

  it('会员列表: the searched members; a grant of member:export alone opens it', async () => {
    const rows = await exported('/api/XfSysBussiness/ExportMemberList?key=export', '会员列表.xlsx');
    // The columns ImportMembers reads back (members/sheet-columns.ts), then 会籍状态 and 申请时间.
    expect(rows[0]).toEqual([
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
      '审核状态',
      '状态',
      '会籍状态',
      '申请时间',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[1], r[14], r[15]])
        .sort(),
    ).toEqual([
      ['export01', '华建工程有限公司', '已通过', '启用'],
      ['export02', `'@远航保险经纪`, '已通过', '启用'],
    ]);
    const res = await download(memberExporter, '/api/XfSysBussiness/ExportMemberList?key=export01');
    expect((await readSheet(res.rawPayload)).slice(1).map((r) => r[0])).toEqual(['export01']);
    expect(envelope(await download(memberExporter, '/api/XfSysBussiness/ExportNewsList'))).toEqual(FORBIDDEN);
  });

  it('投稿列表: the searched contributions with their company', async () => {
    const rows = await exported('/api/XfSysBussiness/ExportContributionList?key=工地', '投稿列表.xlsx');
    expect(rows).toEqual([
      ['标题', '投稿单位', '栏目', '提交时间', '状态', '敏感词'],
      ['会员投稿：工地安全', '华建工程有限公司（export01）', '协会动态', timeAt(4), '审核中'],
    ]);
  });

  it('建议留言: the searched suggestions, a leading + defused', async () => {
    const rows = await exported('/api/XfSysBussiness/ExportWebProposeList?key=请', '建议留言.xlsx');
    expect(rows[0]).toEqual(['手机号码', '留言内容', '留言时间', '阅读状态', '阅读时间']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([['13812345671', `'+86 请回电`, '未读']]);
  });

  it('操作日志: the searched records, and an export is itself audited', async () => {
    const rows = await exported('/api/XfSystemApi/ExportAuditLogList?account=exporter1&action=auth:login', '操作日志.xlsx');
    expect(rows[0]).toEqual(['时间', '账号', '操作', '对象', '结果', 'IP', '详情']);
    // Two sign-ins: the first replaced the password the creator chose (test/admin.ts createAdmin).
    expect(rows.slice(1).map((r) => [r[1], r[4]])).toEqual([
      ['exporter1', '成功'],
      ['exporter1', '成功'],
    ]);
    const audited = await adminCall<ListDto<{ Detail: string }>>(t, admin, 'GET', '/api/XfSystemApi/GetAuditLogList?action=system:audit:export');
    expect(audited.Data.List.map((l) => l.Detail)).toContain('导出操作日志');
  });

  it('证书列表 and 活动名单 export under their own permissions', async () => {
    const certs = await exported('/api/XfSysBussiness/ExportCerts?view=cert&name=导出一', '证书列表.xlsx');
    expect(certs.slice(1).map((r) => [r[0], r[5]])).toEqual([['导出一', 'EXP-0001']]);
    const audience = await exported(`/api/XfSysBussiness/ExportActivityMembers?activityid=${activityId}&key=export0`, '年度交流会-名单.xlsx');
    expect(audience[0]?.slice(0, 3)).toEqual(['账号', '会员名称', '会员等级']);
    expect(
      audience
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['export01', 'export02']);
  });

  it('refuses each export to a role that may read the list but was not granted its export', async () => {
    const exports = [
      '/api/XfSysBussiness/ExportNewsList',
      '/api/XfSysBussiness/ExportMemberList',
      '/api/XfSysBussiness/ExportContributionList',
      '/api/XfSysBussiness/ExportWebProposeList',
      '/api/XfSystemApi/ExportAuditLogList',
      '/api/XfSysBussiness/ExportCerts?view=cert',
      '/api/XfSysBussiness/ExportCerts?view=score',
      `/api/XfSysBussiness/ExportActivityMembers?activityid=${activityId}`,
    ];
    for (const url of exports) {
      expect(envelope(await download(reader, url)), url).toEqual(FORBIDDEN);
      expect(envelope(await t.app.inject({ method: 'GET', url })).Code, url).toBe(402);
    }
  });
});
