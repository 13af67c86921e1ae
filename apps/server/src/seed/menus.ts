import { MenuShowType, sitePages } from '@portal/shared';

/**
 * Names of the demo menus. UI tests and the shortcut tiles look menus up by these labels, so
 * they are exported rather than repeated as literals elsewhere.
 */
export const demoMenuNames = {
  home: '首页',
  about: '协会概况',
  intro: '协会简介',
  charter: '协会章程',
  organisation: '组织机构',
  leaders: '领导成员',
  news: '新闻中心',
  policy: '政策要闻',
  notices: '通知公告',
  activities: '协会动态',
  memberNews: '会员动态',
  localNews: '地方协会动态',
  industry: '行业资讯',
  /** Hidden (status 0): proves that hidden menus stay off the site. */
  hidden: '视频专区',
  experts: '专家智库',
  journal: '协会期刊',
  contribute: '在线投稿',
  appraisal: '鉴定评优',
  /** Leads to the public certificate lookup (certsearch) by its WebUrl. */
  certSearch: '证书查询',
  credit: '信用管理',
  creditInfo: '信用信息公示',
  /** The one menu with an external WebUrl. */
  external: '全国建筑市场监管公共服务平台',
  statistics: '行业统计',
  memberService: '会员服务',
  /** Leads to the live member directory (/directory) by its WebUrl. */
  directory: '会员名录',
  joining: '入会须知',
  showcase: '会员风采',
  /** Leads to 在线留言 (/messages) by its WebUrl: the public asks and reads the answers. */
  messages: '在线留言',
  training: '培训考核',
  trainingNotices: '培训通知',
  examNotices: '考核公告',
} as const;

export type DemoMenuName = (typeof demoMenuNames)[keyof typeof demoMenuNames];

export const externalMenuUrl = 'https://jzsc.mohurd.gov.cn';
/** The certificate and exam-result lookup, a page of the site itself. */
export const certSearchUrl = '/certsearch';
/** 会员名录: the members who chose to be listed, a page of the site itself (not articles). */
export const directoryUrl = sitePages.directory.path;
/** 在线留言: questions and answers, a page of the site itself. */
export const messagesUrl = sitePages.messages.path;

export interface MenuSeed {
  name: DemoMenuName;
  singlePage?: boolean;
  webUrl?: string;
  curValue?: string;
  hidden?: boolean;
  /** Members may contribute articles here (the spec's 在线投稿). */
  acceptsContributions?: boolean;
  children?: MenuSeed[];
}

const m = demoMenuNames;

/** The site's navigation, three levels deep (新闻中心 → 协会动态 → 会员动态), in display order. */
export const menuTree: MenuSeed[] = [
  { name: m.home, curValue: 'home' },
  {
    name: m.about,
    singlePage: true,
    children: [{ name: m.intro, singlePage: true }, { name: m.charter, singlePage: true }, { name: m.organisation, singlePage: true }, { name: m.leaders }],
  },
  {
    name: m.news,
    children: [
      { name: m.policy },
      { name: m.notices },
      { name: m.activities, children: [{ name: m.memberNews }, { name: m.localNews }] },
      { name: m.industry },
      { name: m.hidden, hidden: true },
    ],
  },
  { name: m.experts },
  { name: m.journal, children: [{ name: m.contribute, acceptsContributions: true }] },
  { name: m.appraisal, children: [{ name: m.certSearch, webUrl: certSearchUrl }] },
  { name: m.credit, children: [{ name: m.creditInfo }, { name: m.external, webUrl: externalMenuUrl }] },
  { name: m.statistics },
  {
    name: m.memberService,
    children: [
      { name: m.directory, webUrl: directoryUrl },
      { name: m.joining, singlePage: true },
      { name: m.showcase },
      { name: m.messages, webUrl: messagesUrl },
    ],
  },
  { name: m.training, children: [{ name: m.trainingNotices }, { name: m.examNotices }] },
];

/** Menu columns derived from a seed entry; `Type` 2 marks a leaf inside a submenu (spec §3). */
export function menuColumns(seed: MenuSeed, parentId: number, sortNumber: number) {
  return {
    parent_id: parentId,
    name: seed.name,
    status: seed.hidden ? 0 : 1,
    show_type: seed.singlePage ? MenuShowType.SinglePage : MenuShowType.List,
    type: parentId > 0 && !seed.children?.length ? 2 : 1,
    web_url: seed.webUrl ?? '',
    cur_value: seed.curValue ?? '',
    sort_number: sortNumber,
    accepts_contributions: seed.acceptsContributions ? 1 : 0,
  };
}
