import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ArticleStatus,
  MenuShowType,
  editCertInfoBody,
  editMemberForm,
  editMemberInfoBody,
  saveActivityBody,
  saveAdminUserBody,
  saveBannerBody,
  saveCandidateBody,
  saveContributionBody,
  saveDuesAccountBody,
  saveElectionBody,
  saveFormBody,
  saveLinkBody,
  saveMemberLevelTermsBody,
  saveMemorialDayBody,
  savePrivacyPolicyBody,
  saveWorkdayBody,
  saveWrongWordBody,
  saveMenuBody,
  saveMessageCategoryBody,
  saveMessageDepartmentBody,
  saveMessageSettingsBody,
  saveMailTemplateBody,
  saveMailingBody,
  saveMailingSettingsBody,
  saveSmsSettingsBody,
  saveStatisticsSettingsBody,
  saveNewsBody,
  saveProcessItemBody,
  saveRoleBody,
  saveSystemMenuBody,
  saveTypeBody,
  type AuditLogDto,
  type ListDto,
  type SystemMenuDto,
} from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin, testClock } from '../../test/admin.js';
import { insertMenu } from '../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';
import { addMember, applicationForm, loginMember, publicCall, seedTypeChoices, submitApplication, type TypeChoices } from '../../test/members.js';
import { multipartBody, multipartHeaders } from '../../test/multipart.js';

/**
 * An edit that leaves a field out keeps its stored value (issue 51: EditMemberInfo without its
 * optional fields cleared 入会日期 and 有效期至). Generated over every Save and Edit call that
 * edits a record: each record is saved with every field filled, then again with only the
 * fields its body schema requires (worked out from the schema, not listed here), and read back
 * through its read call; it must read exactly as before. Every Save/Edit call of the API
 * document is either here or among those that create or set only what they name.
 */

const SB = '/api/XfSysBussiness';
const SYS = '/api/XfSystemApi';

/** What an answer carries that a save moves whatever it is sent: when it was saved, and the article's version. */
const MOVED_BY_ANY_SAVE = new Set(['UpdateTime', '_updateTime', 'Version']);

interface Scene {
  t: TestApp;
  admin: string;
  types: TypeChoices;
  member: { id: number; account: string; token: string };
  menuId: number;
  contributionMenuId: number;
  upload: (url: string, filename: string, content: Buffer, token?: string) => Promise<string>;
}

interface EditCall {
  /** As the API document names it: method and path. */
  call: string;
  /** The body schema the route validates with. */
  schema: z.ZodObject;
  /** The body's id field; none for the caller's own record. */
  idField?: string;
  /** Fields that are no part of the record: write-only (a password), a check (Version), or where the record is looked for (View). */
  notStored?: string[];
  /** What the save itself changes however it is sent (a resubmission's status and time). */
  changes?: string[];
  /** Every field filled with a value other than its default; the id is added when creating. */
  full: (s: Scene) => Promise<Record<string, unknown>>;
  /** Creates (or first fills) the record with `body`; answers its id. */
  create?: (s: Scene, body: Record<string, unknown>) => Promise<number>;
  /** Sends a save (admin token unless said). */
  send?: (s: Scene, body: Record<string, unknown>) => Promise<{ Code: number; Message: string; Data: unknown }>;
  /** The record as its read call answers it. */
  read: (s: Scene, id: number) => Promise<unknown>;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1')]);

const admin = <T = unknown>(s: Scene, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => adminCall<T>(s.t, s.admin, method, url, body);
const found = async <T extends Record<string, unknown>>(s: Scene, url: string, key: string, id: number): Promise<T> => {
  const list = (await admin<ListDto<T>>(s, 'GET', url)).Data.List;
  const item = list.find((i) => i[key] === id);
  if (!item) throw new Error(`${url}: no ${key} ${id}`);
  return item;
};
const flatten = (menus: SystemMenuDto[]): SystemMenuDto[] => menus.flatMap((m) => [m, ...flatten(m.children)]);

const editCalls: EditCall[] = [
  {
    call: `POST ${SB}/EditMemberInfo`,
    schema: editMemberInfoBody,
    idField: 'MemberId',
    notStored: ['Pwd'],
    full: async (s) => ({
      ...applicationForm(s.types, 'keeper'),
      Remarks: '老会员',
      FilePath: await s.upload('/api/XfWebApi/UploadFile', '营业执照.pdf', pdf),
      RegCapital: 5000,
      StaffCount: 320,
      JoinDate: '2019-03-01',
      ExpireDate: '2025-02-28',
      DirectoryListed: true,
      DirectoryContacts: ['Email'],
      Website: 'https://keeper.example.com',
      Region: '北京市',
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetMemberModel/${id}`)).Data,
  },
  {
    call: 'POST /api/XfWebApi/EditMember',
    schema: editMemberForm,
    full: async () => ({
      DailyOperator: '王五',
      OperatorPhone: '010-88886666',
      LegalPerson: '赵六',
      Email: 'office@member.example.com',
      CompanyMent: '民营企业',
      Mainbusiness: '工程监理',
      RegAddress: '上海市浦东新区',
      Remarks: '自填备注',
      DirectoryListed: true,
      DirectoryContacts: ['DailyOperator', 'OperatorPhone'],
      Website: 'https://member.example.com',
      Region: '上海市',
    }),
    create: async (s, body) => {
      expect(await publicCall(s.t, s.member.token, 'POST', 'EditMember', body)).toMatchObject({ Code: 200 });
      return s.member.id;
    },
    send: (s, body) => publicCall(s.t, s.member.token, 'POST', 'EditMember', body),
    read: async (s) => (await publicCall(s.t, s.member.token, 'GET', 'GetUserInfo')).Data,
  },
  {
    call: `POST ${SB}/SaveMenu`,
    schema: saveMenuBody,
    idField: 'MenuId',
    full: async (s) => ({
      ParentId: s.menuId,
      Name: '协会章程',
      Status: 0,
      ShowType: MenuShowType.SinglePage,
      // Below a menu, by level it would be 2: kept as chosen.
      Type: 1,
      WebUrl: '/about/charter',
      CurValue: 'charter',
      SortNumber: 7,
      AcceptsContributions: true,
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetMenuModel?menuid=${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveNews`,
    schema: saveNewsBody,
    idField: 'NewsId',
    notStored: ['Version', 'ProofreadConfirmed'],
    full: async (s) => ({
      MenuId: s.menuId,
      Title: '年度工作报告',
      NewContent: '<p>报告全文</p>',
      ImageUrl: 'https://img.example.com/report.png',
      Status: ArticleStatus.Draft,
      IsTop: true,
      IsMemberRead: true,
      NewsCreateTime: '2024-05-01 09:00:00',
      OfflineTime: '2099-01-01 00:00:00',
      Author: '秘书处',
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetNewsDetail?newsid=${id}`)).Data,
  },
  {
    // A member's resubmission of a rejected contribution: it goes back to 审核中, stamped now.
    call: 'POST /api/XfWebApi/SaveNews',
    schema: saveContributionBody,
    idField: 'NewsId',
    // The privacy consent given with a submission is stored beside it (privacy_consents), not in the article.
    notStored: ['PrivacyVersion'],
    changes: ['Status', 'ProcessItemName', 'NewsCreateTime'],
    full: async (s) => ({
      Title: '施工质量风险案例',
      MenuId: s.contributionMenuId,
      ImageUrl: await s.upload('/api/XfWebApi/UploadContributionImage', '封面.png', png, s.member.token),
      NewContent: '<p>案例正文</p>',
    }),
    create: async (s, body) => {
      const saved = await publicCall<number>(s.t, s.member.token, 'POST', 'SaveNews', { ...body, NewsId: 0 });
      expect(saved.Code, saved.Message).toBe(200);
      const rejected = await admin(s, 'POST', `${SB}/AuditContribution`, { NewsId: saved.Data, Decision: 2, Reason: '请补充数据' });
      expect(rejected.Code, rejected.Message).toBe(200);
      return saved.Data;
    },
    send: (s, body) => publicCall(s.t, s.member.token, 'POST', 'SaveNews', body),
    read: async (s, id) => (await publicCall(s.t, s.member.token, 'GET', `GetNewsDetail?newsid=${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveBanner`,
    schema: saveBannerBody,
    idField: 'Id',
    full: async () => ({ Type: 3, Title: '年会', ImageUrl: 'https://img.example.com/banner.png', JumpUrl: '/annual', SortNumber: 5, Status: 0 }),
    read: (s, id) => found(s, `${SB}/GetBannerList?pagesize=999`, 'Id', id),
  },
  {
    call: `POST ${SB}/SaveWebFriendlinks`,
    schema: saveLinkBody,
    idField: 'Id',
    full: async () => ({ Title: '住房和城乡建设部', Friendlinks: 'https://www.mohurd.gov.cn', SortNumber: 4, Status: 0 }),
    read: (s, id) => found(s, `${SB}/GetWebFriendlinksList?pagesize=999`, 'Id', id),
  },
  {
    call: `POST ${SB}/SaveType`,
    schema: saveTypeBody,
    idField: 'Id',
    full: async () => ({ Type: 3, Name: '专家库', SortNumber: 3, Status: 0 }),
    read: (s, id) => found(s, `${SB}/GetTypeList?type=3&pagesize=999`, 'Id', id),
  },
  {
    call: `POST ${SYS}/SaveSystemMenu`,
    schema: saveSystemMenuBody,
    idField: 'MenuId',
    full: async (s) => {
      const tree = flatten((await admin<SystemMenuDto[]>(s, 'GET', `${SYS}/GetSystemMenuList?all=1`)).Data);
      return {
        ParentId: tree.find((m) => m.MenuType === 1)!.MenuId,
        MenuType: 2,
        menuname: '统计报表',
        path: 'report',
        component: 'report/index',
        perms: 'content:banner:list',
        icon: 'chart',
        SortNumber: 9,
        visible: 0,
        status: 0,
      };
    },
    read: async (s, id) => flatten((await admin<SystemMenuDto[]>(s, 'GET', `${SYS}/GetSystemMenuList?all=1`)).Data).find((m) => m.MenuId === id),
  },
  {
    call: `POST ${SYS}/SaveRole`,
    schema: saveRoleBody,
    idField: 'RoleId',
    full: async (s) => {
      const tree = flatten((await admin<SystemMenuDto[]>(s, 'GET', `${SYS}/GetSystemMenuList?all=1`)).Data);
      return { RoleName: '财务', Remark: '会费与收据', Status: 0, RequireTotp: 1, PasswordMaxDays: 90, MenuIds: tree.slice(0, 3).map((m) => m.MenuId) };
    },
    read: async (s, id) => (await admin(s, 'GET', `${SYS}/GetRole/${id}`)).Data,
  },
  {
    call: `POST ${SYS}/SaveAdminUser`,
    schema: saveAdminUserBody,
    idField: 'AdminId',
    notStored: ['Password'],
    full: async (s) => {
      const roles = (await admin<ListDto<{ RoleId: number; RoleName: string }>>(s, 'GET', `${SYS}/GetRoleList?pagesize=999`)).Data.List;
      return {
        Account: 'editor_li',
        FullName: '李编辑',
        Phone: '13900001111',
        RoleId: roles.find((r) => r.RoleName === '内容编辑')!.RoleId,
        Status: 0,
        Password: 'Initial-password-2024',
      };
    },
    read: (s, id) => found(s, `${SYS}/GetAdminUserL?pagesize=999`, 'AdminId', id),
  },
  {
    call: `POST ${SB}/EditCertInfo`,
    schema: editCertInfoBody,
    idField: '_certId',
    notStored: ['View'],
    full: async () => ({
      _name: '陈七',
      _idType: 2,
      _idNum: 'E12345678',
      _company: '某建设集团',
      _examTime: '2024-03-02',
      _examStatus: 1,
      _certNum: 'GC2024-0007',
      _issueDate: '2024-04-01',
      _remarks: '补考合格',
      _status: 0,
      View: 'score',
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetCertModel?CertId=${id}&view=score`)).Data,
  },
  {
    call: `POST ${SB}/SaveActivityDetail`,
    schema: saveActivityBody,
    idField: 'ActivityId',
    full: async (s) => ({
      Title: '风险管理研讨会',
      Description: '<p>议程</p>',
      Place: '北京市西城区三里河路9号',
      StartTime: '2024-06-20 09:00:00',
      EndTime: '2024-06-20 17:00:00',
      SignUpDeadline: '2024-06-15 18:00:00',
      Capacity: 30,
      AudienceAll: true,
      IsTraining: true,
      MemberLevels: [s.types.memberLevel],
      Attachments: [{ Name: '日程.pdf', Path: await s.upload(`${SB}/UploadFile`, '日程.pdf', pdf, s.admin) }],
      ConfirmHours: 48,
      SelfCheckInStart: '2024-06-20 08:30:00',
      SelfCheckInEnd: '2024-06-20 10:00:00',
      SelfCheckInRotating: true,
      SignUpFormId: (
        await admin(s, 'POST', `${SB}/SaveForm`, {
          Id: 0,
          Title: '研讨会报名表',
          Audience: 'members',
          Fields: [{ Key: 'name', Type: 'text', Label: '参会人' }],
        })
      ).Data,
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetActivity/${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveMemorialDay`,
    schema: saveMemorialDayBody,
    idField: 'Id',
    full: async () => ({ StartDate: '2024-07-01', EndDate: '2024-07-03', Scope: 1, Note: '全国哀悼日' }),
    read: (s, id) => found(s, `${SB}/GetMemorialDayList?pagesize=999`, 'Id', id),
  },
  {
    call: `POST ${SB}/SavePrivacyPolicy`,
    schema: savePrivacyPolicyBody,
    idField: 'Id',
    full: async () => ({ Content: '<h2>一、收集</h2><p>联系人姓名</p>', Summary: '补充收集范围' }),
    read: (s, id) => found(s, `${SB}/GetPrivacyPolicyList?pagesize=999`, 'Id', id),
  },
  {
    call: `POST ${SB}/SaveWorkday`,
    schema: saveWorkdayBody,
    idField: 'Id',
    full: async () => ({ Date: '2030-10-08', Kind: 1, Name: '测试休假' }),
    read: (s, id) => found(s, `${SB}/GetWorkdayList?year=2030`, 'Id', id),
  },
  {
    // A level's terms: the level exists already; the first save fills them.
    call: `POST ${SB}/SaveMemberLevelTerms`,
    schema: saveMemberLevelTermsBody,
    idField: 'LevelId',
    full: async (s) => ({ LevelId: s.types.memberLevel, AnnualFee: 800, Term: 'calendar', GraceDays: 15, NeedsApproval: true }),
    create: async (s, body) => {
      expect(await admin(s, 'POST', `${SB}/SaveMemberLevelTerms`, body)).toMatchObject({ Code: 200 });
      return s.types.memberLevel;
    },
    read: async (s, id) => (await admin<{ LevelId: number }[]>(s, 'GET', `${SB}/GetMemberLevelTerms`)).Data.find((l) => l.LevelId === id),
  },
  {
    // A review record: made by an application; staff edit its remark.
    call: `POST ${SB}/SaveProcessItem`,
    schema: saveProcessItemBody,
    idField: 'ProcessItemId',
    full: async () => ({ Remark: '材料齐全' }),
    create: async (s, body) => {
      await submitApplication(s.t, applicationForm(s.types, 'applicant_x'));
      const items = await admin<ListDto<{ ProcessItemId: number }>>(s, 'GET', `${SB}/GetProcessList?key=applicant_x`);
      const id = items.Data.List[0]!.ProcessItemId;
      expect(await admin(s, 'POST', `${SB}/SaveProcessItem`, { ...body, ProcessItemId: id })).toMatchObject({ Code: 200 });
      return id;
    },
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetProcessItem/${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveDuesAccount`,
    schema: saveDuesAccountBody,
    full: async () => ({ AccountName: '中国建设工程保险风险管理协会', BankName: '中国工商银行北京西城支行', AccountNo: '0200 0012 3456 7890 123' }),
    read: async (s) => (await admin(s, 'GET', `${SB}/GetDuesAccount`)).Data,
  },
  {
    call: `POST ${SB}/SaveElection`,
    schema: saveElectionBody,
    idField: 'Id',
    full: async (s) => electionBody(s),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetElection?id=${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveElectionCandidate`,
    schema: saveCandidateBody,
    idField: 'Id',
    full: async (s) => {
      const election = await admin<number>(s, 'POST', `${SB}/SaveElection`, { ...(await electionBody(s)), Id: 0 });
      expect(election.Code, election.Message).toBe(200);
      return {
        ElectionId: election.Data,
        MemberId: s.member.id,
        Name: '张建国',
        Bio: '从事工程保险风险管理二十年',
        Photo: await s.upload(`${SB}/UploadFile?kind=image`, '照片.png', png, s.admin),
        Included: 0,
        SortNumber: 3,
      };
    },
    read: async (s, id) => {
      const row = await s.t.app.services.database.db.selectFrom('election_candidates').select('election_id').where('id', '=', id).executeTakeFirstOrThrow();
      const election = await admin<{ Candidates: { Id: number }[] }>(s, 'GET', `${SB}/GetElection?id=${row.election_id}`);
      return election.Data.Candidates.find((c) => c.Id === id);
    },
  },
  {
    call: `POST ${SB}/SaveForm`,
    schema: saveFormBody,
    idField: 'Id',
    full: async (s) => ({
      Title: '会员满意度调查',
      Description: '请如实填写',
      Kind: 'survey',
      Audience: 'levels',
      Levels: [s.types.memberLevel],
      OpenTime: '2030-01-01 09:00:00',
      CloseTime: '2030-02-01 17:00:00',
      OncePerMember: false,
      Anonymous: true,
      ResponseLimit: 500,
      PublishSummary: true,
      ResultsVisible: 'during',
      Fields: [{ Key: 'q1', Type: 'textarea', Label: '意见建议' }],
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetForm?formid=${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveMessageCategory`,
    schema: saveMessageCategoryBody,
    idField: 'CategoryId',
    full: async () => ({ Name: '政策咨询', DeadlineDays: 10, SortNumber: 9, Status: 0 }),
    read: async (s, id) => (await admin<{ Id: number }[]>(s, 'GET', `${SB}/GetMessageCategoryList`)).Data.find((c) => c.Id === id),
  },
  {
    call: `POST ${SB}/SaveMessageDepartment`,
    schema: saveMessageDepartmentBody,
    idField: 'DepartmentId',
    full: async (s) => {
      const admins = await s.t.app.services.database.db.selectFrom('admin_users').select('id').where('status', '=', 1).execute();
      return { Name: '会员服务部', SupervisorId: admins[0]!.id, HandlerIds: admins.map((a) => a.id) };
    },
    read: async (s, id) => (await admin<{ Id: number }[]>(s, 'GET', `${SB}/GetMessageDepartmentList`)).Data.find((d) => d.Id === id),
  },
  {
    call: `POST ${SB}/SaveMessageSettings`,
    schema: saveMessageSettingsBody,
    full: async (s) => {
      // 答复须经审核 names a menu with a review chain (of its own: the articles' menus stay unreviewed), decided by the seeded super role.
      const menuId = await insertMenu(s.t.app.services.database.db, { name: '在线留言' });
      const Steps = [{ Name: '审核', RoleIds: [1], NoSelfReview: false }];
      const chain = await admin(s, 'POST', `${SB}/SaveMenuReviewFlow`, { MenuId: menuId, Steps });
      expect(chain.Code, chain.Message).toBe(200);
      return { RequireName: true, Contact: 'both', WarnHours: 48, ReplyReviewMenuId: menuId };
    },
    read: async (s) => (await admin(s, 'GET', `${SB}/GetMessageSettings`)).Data,
  },
  {
    call: `POST ${SB}/SaveMailTemplate`,
    schema: saveMailTemplateBody,
    idField: 'TemplateId',
    full: async () => ({ Name: '会费提醒', Category: 'dues', Subject: '{{公司名称}}的会费', Body: '<p>{{联系人}}您好，会籍有效期至{{有效期至}}。</p>' }),
    read: async (s, id) => found(s, `${SB}/GetMailTemplateList?pageindex=1&pagesize=100`, 'Id', id),
  },
  {
    call: `POST ${SB}/SaveMailing`,
    schema: saveMailingBody,
    idField: 'MailingId',
    full: async (s) => ({
      Category: 'survey',
      TemplateId: (await admin<number>(s, 'POST', `${SB}/SaveMailTemplate`, { TemplateId: 0, Name: '问卷', Subject: '问卷', Body: '<p>问卷</p>' })).Data,
      Subject: '会员满意度调查',
      Body: '<p>请{{联系人}}填写问卷。</p>',
      Segment: { LevelIds: [s.types.memberLevel], States: [1, 2], Regions: ['浙江'], ActivityId: 0, Attended: false, FormId: 0, ElectionId: 0 },
      Channels: ['email', 'site'],
    }),
    read: async (s, id) => (await admin(s, 'GET', `${SB}/GetMailing?mailingid=${id}`)).Data,
  },
  {
    call: `POST ${SB}/SaveMailingSettings`,
    schema: saveMailingSettingsBody,
    full: async () => ({ PerMinute: 30, TrackOpens: true }),
    read: async (s) => (await admin(s, 'GET', `${SB}/GetMailingSettings`)).Data,
  },
  {
    // No provider is installed here, so the switch stays off: the signature is what is kept.
    call: `POST ${SB}/SaveSmsSettings`,
    schema: saveSmsSettingsBody,
    full: async () => ({ SignName: '建设保险协会', Enabled: false }),
    read: async (s) => (await admin(s, 'GET', `${SB}/GetSmsSettings`)).Data,
  },
  {
    call: `POST ${SB}/SaveStatisticsSettings`,
    schema: saveStatisticsSettingsBody,
    full: async () => ({ HonourDoNotTrack: true }),
    read: async (s) => (await admin(s, 'GET', `${SB}/GetStatisticsSettings`)).Data,
  },
  {
    call: `POST ${SB}/SaveWrongWord`,
    schema: saveWrongWordBody,
    idField: 'Id',
    full: async () => ({ Wrong: '安樁', Right: '安装', Severity: 'serious' }),
    read: (s, id) => found(s, `${SB}/GetWrongWordList?key=${encodeURIComponent('安樁')}`, 'Id', id),
  },
];

/** An election with every rule set, its windows ahead of the test's clock. */
const electionBody = async (s: Scene) => ({
  Title: '第五届理事会换届选举',
  Description: '按章程选举理事',
  Seats: 5,
  MaxChoices: 3,
  NominationStart: '2030-01-01 09:00:00',
  NominationEnd: '2030-01-10 17:00:00',
  VotingStart: '2030-01-15 09:00:00',
  VotingEnd: '2030-01-20 17:00:00',
  QuorumType: 2,
  QuorumValue: 60,
  ThresholdPercent: 60,
  RollLevels: [s.types.memberLevel],
  RollStandings: [1],
});

/**
 * The other Save/Edit calls, and why no field of theirs can be left out to be kept: each creates
 * a record, adds to a list, or sets exactly the fields it requires.
 */
const notEdits: Record<string, string> = {
  [`POST ${SB}/SaveMemberPayment`]: 'records a new payment; a payment is never edited',
  [`POST ${SYS}/SaveApiToken`]: 'creates a token; a token is never edited',
  'POST /api/XfWebApi/SavePropose': 'a visitor’s new suggestion',
  'POST /api/XfWebApi/SaveMessage': 'a visitor’s new message',
  'POST /api/XfWebApi/SaveRightsRequest': 'a member’s new request about their personal information',
  'POST /api/XfWebApi/SaveHolderRightsRequest': 'a certificate holder’s new request about their personal information',
  [`POST ${SB}/SaveMessageNote`]: 'adds a note to the message’s history',
  [`POST ${SB}/SaveSensitiveWords`]: 'adds words to the list',
  [`POST ${SB}/SaveSelectPosition`]: 'adds articles to a seat',
  [`POST ${SB}/SaveApplyAudit`]: 'records a decision, a new process item',
  [`POST ${SB}/SaveNewsAutosave`]: 'keeps the editor’s form whole, as one text',
  [`POST ${SB}/SaveMenuReviewFlow`]: 'replaces the menu’s steps with the list sent (required)',
  [`POST ${SB}/EditMemberStatus`]: 'sets the status it requires',
  [`POST ${SB}/EditCertStatus`]: 'sets the status it requires',
  [`POST ${SB}/EditNewPositionStatus`]: 'sets the status it requires',
  'POST /api/XfWebApi/EditMemberPwd': 'sets the password it requires',
  'POST /api/XfWebApi/EditAdminPwd': 'sets the password it requires',
  [`POST ${SYS}/EditAdminPwd`]: 'sets the password it requires',
  [`POST ${SB}/SaveSystemMail`]: 'replaces the mail’s subject and body, both required',
  [`POST ${SB}/SaveColumnInterval`]: 'sets the interval it requires (null: the default)',
  [`POST ${SB}/SaveLinkFinding`]: 'sets the handled state it requires, with its reason (cleared when left out)',
  'POST /api/XfWebApi/SaveMailPreferences': 'sets the categories it names; one left out has no default and keeps its value',
};

/** The body's fields a client may leave out: those the schema takes absent. */
const optionalFields = (schema: z.ZodObject) => Object.keys(schema.shape).filter((key) => (schema.shape[key] as z.ZodType).safeParse(undefined).success);

describe.each(engines)('an edit keeps the fields it leaves out, on %s', (engine) => {
  const clock = testClock();
  const s = {} as Scene;

  beforeAll(async () => {
    s.t = await createAdminTestApp(engine, { now: clock.now, backgroundJobs: false });
    s.admin = await loginAdmin(s.t);
    s.types = await seedTypeChoices(s.t);
    const db = s.t.app.services.database.db;
    s.menuId = await insertMenu(db, { name: '协会动态' });
    s.contributionMenuId = await insertMenu(db, { name: '在线投稿', parentId: s.menuId, acceptsContributions: true });
    s.upload = async (url, filename, content, token) =>
      envelope<string>(
        await s.t.app.inject({
          method: 'POST',
          url,
          payload: multipartBody({ filename, content }),
          headers: { ...multipartHeaders, ...(token ? { token } : {}) },
        }),
      ).Data;
    const account = 'member_self';
    s.member = { id: await addMember(s.t, s.admin, s.types, account), account, token: await loginMember(s.t, account) };
  });
  afterAll(() => s.t.close());

  it('lists every Save and Edit call of the API document, as an edit checked here or as a call that edits nothing left out', () => {
    const doc = s.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const saves = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method === 'post' && /\/(Save|Edit)[A-Za-z]*$/.test(path))
        .map(() => `POST ${path}`),
    );
    const known = new Set([...editCalls.map((c) => c.call), ...Object.keys(notEdits)]);
    expect(saves.filter((call) => !known.has(call))).toEqual([]);
    expect([...known].filter((call) => !saves.includes(call))).toEqual([]);
  });

  for (const edit of editCalls) {
    it(`${edit.call}: saved again with only its required fields, the record reads as before`, async () => {
      const full = await edit.full(s);
      // Every field the record has is filled, and not with what the schema would put in its place.
      const stored = Object.keys(edit.schema.shape).filter((key) => key !== edit.idField && !edit.notStored?.includes(key));
      expect(stored.filter((key) => !(key in full))).toEqual([]);
      for (const key of optionalFields(edit.schema).filter((k) => stored.includes(k))) {
        expect(full[key], key).not.toEqual((edit.schema.shape[key] as z.ZodType).safeParse(undefined).data);
      }

      const send = edit.send ?? ((sc: Scene, body: Record<string, unknown>) => admin(sc, 'POST', edit.call.slice('POST '.length), body));
      const create =
        edit.create ??
        (async (sc: Scene, body: Record<string, unknown>) => {
          const created = await send(sc, { ...body, [edit.idField!]: 0 });
          expect(created.Code, created.Message).toBe(200);
          return created.Data as number;
        });
      const id = await create(s, full);
      const before = await edit.read(s, id);
      expect(before).toBeTruthy();

      const optional = new Set(optionalFields(edit.schema));
      const required = Object.fromEntries(Object.entries(full).filter(([key]) => !optional.has(key)));
      const saved = await send(s, edit.idField ? { ...required, [edit.idField]: id } : required);
      expect(saved.Code, saved.Message).toBe(200);

      const unmoved = (record: unknown) =>
        Object.fromEntries(Object.entries(record as Record<string, unknown>).filter(([key]) => !MOVED_BY_ANY_SAVE.has(key) && !edit.changes?.includes(key)));
      expect(unmoved(await edit.read(s, id))).toEqual(unmoved(before));
    });
  }

  it('a field sent empty clears it; moving 入会日期 or 有效期至 by hand is audited from and to', async () => {
    const id = await addMember(s.t, s.admin, s.types, 'dated', { JoinDate: '2020-01-01', ExpireDate: '2025-12-31', RegCapital: 100 });
    const required = { MemberId: id, CompanyType: s.types.companyType, MemberLevel: s.types.memberLevel };
    const form = applicationForm(s.types, 'dated');
    const base = { ...required, LegalPerson: form.LegalPerson, MemberName: form.MemberName, Email: form.Email, OperatorPhone: form.OperatorPhone };
    expect(await admin(s, 'POST', `${SB}/EditMemberInfo`, { ...base, ExpireDate: '', RegCapital: 0 })).toMatchObject({ Code: 200 });
    expect((await admin(s, 'GET', `${SB}/GetMemberModel/${id}`)).Data).toMatchObject({ JoinDate: '2020-01-01', ExpireDate: '', RegCapital: 0 });
    const log = await admin<ListDto<AuditLogDto>>(s, 'GET', `${SYS}/GetAuditLogList?action=member:edit`);
    expect(log.Data.List.map((l) => l.Detail)).toContain('dated 有效期至 2025-12-31→无');
  });
});
