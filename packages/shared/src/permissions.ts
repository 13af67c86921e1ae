/**
 * The one registry of back-office permission identifiers. Server guards, the seeded system-menu
 * tree (pages and type-3 buttons carry them as `perms`), the role editor and the client's
 * button check all name permissions through the `Permission` type, so a typo fails to compile
 * instead of silently locking a button. Each identifier maps to the Chinese label shown for it.
 */
export const permissions = {
  'dashboard:view': '查看工作台',

  'content:menu:list': '栏目列表',
  'content:menu:add': '新增栏目',
  'content:menu:edit': '修改栏目',
  'content:menu:delete': '删除栏目',
  'content:news:list': '文章列表',
  'content:news:add': '新增文章',
  'content:news:edit': '修改文章',
  'content:news:delete': '删除文章',
  'content:news:export': '导出文章',
  'content:news:revisions': '历史版本',
  'content:position:list': '推荐位列表',
  'content:position:add': '加入推荐位',
  'content:position:edit': '修改推荐位',
  'content:position:delete': '移出推荐位',
  'content:banner:list': '轮播图列表',
  'content:banner:add': '新增轮播图',
  'content:banner:edit': '修改轮播图',
  'content:banner:delete': '删除轮播图',
  'content:link:list': '友情链接列表',
  'content:link:add': '新增友情链接',
  'content:link:edit': '修改友情链接',
  'content:link:delete': '删除友情链接',
  'content:type:list': '类型列表',
  'content:type:add': '新增类型',
  'content:type:edit': '修改类型',
  'content:type:delete': '删除类型',
  'content:word:list': '敏感词列表',
  'content:word:add': '新增敏感词',
  'content:word:delete': '删除敏感词',
  'content:media:list': '媒体库列表',
  'content:media:delete': '删除媒体文件',
  'content:menu:review': '审核流程',
  'content:review:list': '待我审核',
  'content:review:records': '审批记录',
  'content:review:export': '导出审批单',

  'member:list': '会员列表',
  'member:add': '新增会员',
  'member:edit': '修改会员',
  'member:audit': '入会审核',
  'member:status': '启用/停用会员',
  'member:export': '导出会员',
  'member:import': '导入会员',
  'member:remind': '发送续费提醒',
  'member:card:revoke': '吊销/恢复会员证',
  'member:level:list': '会员等级与会费标准',
  'member:level:edit': '修改会费标准',
  'member:payment:list': '会费记录',
  'member:payment:add': '登记缴费',
  'member:payment:void': '作废缴费',
  'member:payment:export': '导出会费记录',
  'member:contribution:list': '投稿列表',
  'member:contribution:audit': '投稿审核',
  'member:contribution:export': '导出投稿',
  'member:propose:list': '建议留言列表',
  'member:propose:delete': '删除建议留言',
  'member:propose:export': '导出建议留言',
  'member:election:list': '换届选举列表',
  'member:election:add': '新增选举',
  'member:election:edit': '修改选举',
  'member:election:delete': '删除选举',
  'member:election:candidates': '管理候选人',
  'member:election:roll': '冻结选民名单',
  'member:election:export': '导出选民名单',
  'member:election:close': '关闭选举并计票',

  'cert:list': '证书列表',
  'cert:edit': '修改证书',
  'cert:delete': '删除证书',
  'cert:download': '下载证书',
  'cert:import': '导入证书',
  'cert:export': '导出证书',
  'cert:score:list': '考试成绩列表',
  'cert:score:edit': '修改考试成绩',
  'cert:score:delete': '删除考试成绩',
  'cert:score:import': '导入考试成绩',
  'cert:score:export': '导出考试成绩',

  'activity:list': '活动列表',
  'activity:add': '新增活动',
  'activity:edit': '修改活动',
  'activity:delete': '删除活动',
  'activity:resend': '重发活动通知',
  'activity:export': '导出活动名单',
  'activity:checkin': '活动签到',
  'activity:checkin:undo': '撤销签到',
  'activity:certify': '颁发参会证明',

  'system:menu:list': '菜单列表',
  'system:menu:add': '新增菜单',
  'system:menu:edit': '修改菜单',
  'system:menu:delete': '删除菜单',
  'system:role:list': '角色列表',
  'system:role:add': '新增角色',
  'system:role:edit': '修改角色',
  'system:role:delete': '删除角色',
  'system:admin:list': '管理员列表',
  'system:admin:add': '新增管理员',
  'system:admin:edit': '修改管理员',
  'system:admin:delete': '删除管理员',
  'system:admin:resetPwd': '重置密码',
  'system:audit:list': '操作日志列表',
  'system:audit:export': '导出操作日志',
  'system:loginlog:list': '登录日志列表',
  'system:loginlog:export': '导出登录日志',
  'system:online:list': '在线用户列表',
  'system:online:forceLogout': '强制下线',
  'system:token:list': '接口令牌列表',
  'system:token:add': '新增接口令牌',
  'system:token:delete': '吊销接口令牌',
  'system:memorial:list': '哀悼日列表',
  'system:memorial:add': '新增哀悼日',
  'system:memorial:edit': '修改哀悼日',
  'system:memorial:delete': '删除哀悼日',
} as const;

export type Permission = keyof typeof permissions;

export const allPermissions = Object.keys(permissions) as Permission[];

/** Who may upload in the back office (UploadFile, 媒体库's 上传): the editors of what holds pictures, files and media. */
export const uploaderPermissions = [
  'content:news:add',
  'content:news:edit',
  'content:banner:add',
  'content:banner:edit',
  'activity:add',
  'activity:edit',
  'member:add',
  'member:edit',
] as const satisfies readonly Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(permissions, value);
}

/** Label of an identifier; stored menus may hold identifiers the registry no longer knows. */
export function permissionLabel(value: string): string {
  return isPermission(value) ? permissions[value] : value;
}
