import { permissions, type Permission } from './permissions.js';
import type { SystemMenuType } from './schemas/system.js';

/**
 * The default back-office menu tree (every page the spec names), inserted by the server's seed on
 * an empty system_menus table; afterwards administrators own the data through 菜单管理.
 * `path` is the route below /System; `component` is the key of the web shell's lazy page map.
 * Pages carry the permission that opens them, type-3 buttons the permission of one action.
 */
export const SystemMenuKind = { Directory: 1, Page: 2, Button: 3 } as const satisfies Record<string, SystemMenuType>;

export interface DefaultSystemMenu {
  name: string;
  menuType: SystemMenuType;
  path: string;
  component: string;
  perms: Permission | '';
  icon: string;
  /** Ascending order among siblings. */
  sort: number;
  children: DefaultSystemMenu[];
}

type Node = Omit<DefaultSystemMenu, 'sort' | 'children'> & { children: Node[] };

/** Siblings are sorted in the order they are written. */
function numbered(nodes: Node[]): DefaultSystemMenu[] {
  return nodes.map((node, index) => ({ ...node, sort: index + 1, children: numbered(node.children) }));
}

function directory(name: string, path: string, icon: string, children: Node[]): Node {
  return { name, menuType: SystemMenuKind.Directory, path, component: '', perms: '', icon, children };
}

function page(name: string, path: string, icon: string, perms: Permission, buttons: Permission[] = []): Node {
  return {
    name,
    menuType: SystemMenuKind.Page,
    path,
    component: `${path}/index`,
    perms,
    icon,
    children: buttons.map(button),
  };
}

/** A button is named after its permission's label. */
function button(perms: Permission): Node {
  return { name: permissions[perms], menuType: SystemMenuKind.Button, path: '', component: '', perms, icon: '', children: [] };
}

/** The list/add/edit/delete family of one page, e.g. crud('content:banner'). */
function crud(
  prefix:
    | 'content:menu'
    | 'content:news'
    | 'content:banner'
    | 'content:form'
    | 'content:link'
    | 'content:type'
    | 'system:menu'
    | 'system:role'
    | 'system:admin'
    | 'system:memorial'
    | 'system:workday'
    | 'system:privacy',
): Permission[] {
  return [`${prefix}:add`, `${prefix}:edit`, `${prefix}:delete`];
}

export const defaultSystemMenus: DefaultSystemMenu[] = numbered([
  { ...page('工作台', 'home', 'DashboardOutlined', 'dashboard:view'), component: 'dashboard/index' },
  directory('内容管理', 'content', 'FileTextOutlined', [
    page('栏目管理', 'content/menu', 'AppstoreOutlined', 'content:menu:list', [...crud('content:menu'), 'content:menu:review']),
    page('文章管理', 'content/news', 'ReadOutlined', 'content:news:list', [...crud('content:news'), 'content:news:export', 'content:news:revisions']),
    page('推荐位管理', 'content/position', 'StarOutlined', 'content:position:list', [
      'content:position:add',
      'content:position:edit',
      'content:position:delete',
    ]),
    page('轮播图管理', 'content/banner', 'PictureOutlined', 'content:banner:list', crud('content:banner')),
    page('友情链接', 'content/link', 'LinkOutlined', 'content:link:list', crud('content:link')),
    page('类型管理', 'content/type', 'TagsOutlined', 'content:type:list', crud('content:type')),
    page('敏感词', 'content/word', 'StopOutlined', 'content:word:list', ['content:word:add', 'content:word:delete']),
    page('易错词', 'content/wrongword', 'BookOutlined', 'content:wrongword:list', [
      'content:wrongword:save',
      'content:wrongword:delete',
      'content:wrongword:import',
      'content:wrongword:export',
    ]),
    page('媒体库', 'content/media', 'FolderOutlined', 'content:media:list', ['content:media:delete']),
    page('表单与问卷', 'content/form', 'FormOutlined', 'content:form:list', [...crud('content:form'), 'content:form:results', 'content:form:export']),
    page('待我审核', 'content/review', 'AuditOutlined', 'content:review:list', ['content:review:records', 'content:review:export']),
  ]),
  directory('会员管理', 'member', 'TeamOutlined', [
    page('会员列表', 'member/list', 'UserOutlined', 'member:list', [
      'member:add',
      'member:edit',
      'member:audit',
      'member:status',
      'member:export',
      'member:import',
      'member:remind',
      'member:card:revoke',
    ]),
    page('会费管理', 'member/payment', 'AccountBookOutlined', 'member:payment:list', ['member:payment:add', 'member:payment:void', 'member:payment:export']),
    page('会员等级', 'member/level', 'CrownOutlined', 'member:level:list', ['member:level:edit']),
    page('投稿审核', 'member/contribution', 'AuditOutlined', 'member:contribution:list', ['member:contribution:audit', 'member:contribution:export']),
    page('建议留言', 'member/propose', 'MessageOutlined', 'member:propose:list', ['member:propose:delete', 'member:propose:export']),
    page('换届选举', 'member/election', 'SolutionOutlined', 'member:election:list', [
      'member:election:add',
      'member:election:edit',
      'member:election:delete',
      'member:election:candidates',
      'member:election:roll',
      'member:election:export',
      'member:election:close',
    ]),
  ]),
  directory('互动交流', 'interact', 'CommentOutlined', [
    page('留言办理', 'interact/message', 'MessageOutlined', 'message:list', ['message:all', 'message:assign', 'message:reply', 'message:publish']),
    page('留言设置', 'interact/setting', 'ApartmentOutlined', 'message:setting'),
    page('留言统计', 'interact/stats', 'BarChartOutlined', 'message:stats', ['message:export']),
  ]),
  directory('会员通知', 'mailing', 'NotificationOutlined', [
    page('群发通知', 'mailing/list', 'MailOutlined', 'mailing:list', ['mailing:edit', 'mailing:send']),
    page('通知模板', 'mailing/template', 'FileTextOutlined', 'mailing:template'),
    page('短信', 'mailing/sms', 'MessageOutlined', 'mailing:sms'),
  ]),
  directory('证书管理', 'cert', 'SafetyCertificateOutlined', [
    page('证书列表', 'cert/list', 'IdcardOutlined', 'cert:list', ['cert:edit', 'cert:delete', 'cert:download', 'cert:import', 'cert:export', 'cert:idnum']),
    page('考试成绩', 'cert/score', 'TrophyOutlined', 'cert:score:list', [
      'cert:score:edit',
      'cert:score:delete',
      'cert:score:import',
      'cert:score:export',
      'cert:score:idnum',
    ]),
  ]),
  directory('活动管理', 'activity', 'CalendarOutlined', [
    page('活动列表', 'activity/list', 'ScheduleOutlined', 'activity:list', [
      'activity:add',
      'activity:edit',
      'activity:delete',
      'activity:resend',
      'activity:export',
      'activity:certify',
    ]),
    page('活动签到', 'activity/checkin', 'CarryOutOutlined', 'activity:checkin', ['activity:checkin:undo']),
  ]),
  directory('数据统计', 'stats', 'BarChartOutlined', [
    page('访问统计', 'stats/visits', 'LineChartOutlined', 'stats:visits', ['stats:export', 'stats:setting']),
    page('编辑工作量', 'stats/editors', 'FundOutlined', 'stats:editors', ['stats:editors:export']),
  ]),
  directory('网站检查', 'inspection', 'SecurityScanOutlined', [
    page('栏目更新', 'inspection/columns', 'FieldTimeOutlined', 'inspection:columns', ['inspection:columns:setting', 'inspection:columns:export']),
    page('链接检查', 'inspection/links', 'DisconnectOutlined', 'inspection:links', [
      'inspection:links:run',
      'inspection:links:handle',
      'inspection:links:export',
    ]),
    page('可用性监测', 'inspection/availability', 'GlobalOutlined', 'inspection:availability', ['inspection:availability:probe']),
  ]),
  directory('系统管理', 'system', 'SettingOutlined', [
    page('菜单管理', 'system/menu', 'MenuOutlined', 'system:menu:list', crud('system:menu')),
    page('角色管理', 'system/role', 'SafetyOutlined', 'system:role:list', crud('system:role')),
    page('管理员', 'system/admin', 'UserSwitchOutlined', 'system:admin:list', [...crud('system:admin'), 'system:admin:resetPwd']),
    page('操作日志', 'system/audit', 'FileSearchOutlined', 'system:audit:list', ['system:audit:export']),
    page('登录日志', 'system/loginlog', 'HistoryOutlined', 'system:loginlog:list', ['system:loginlog:export']),
    page('在线用户', 'system/online', 'ContactsOutlined', 'system:online:list', ['system:online:forceLogout']),
    page('接口令牌', 'system/token', 'KeyOutlined', 'system:token:list', ['system:token:add', 'system:token:delete']),
    page('哀悼日', 'system/memorial', 'FlagOutlined', 'system:memorial:list', crud('system:memorial')),
    page('工作日历', 'system/workdays', 'CalendarOutlined', 'system:workday:list', crud('system:workday')),
    page('隐私政策', 'system/privacy', 'FileProtectOutlined', 'system:privacy:list', [...crud('system:privacy'), 'system:privacy:publish']),
    page('个人信息请求', 'system/rights', 'SolutionOutlined', 'system:rights:list', ['system:rights:handle']),
  ]),
]);
