/**
 * Every Chinese text the spec fixes (§5 validation, §8 errors and successes).
 * Server and web import from here so the wording cannot drift between them.
 */
export const codeMessages = {
  401: '无效的会话，或者会话已过期，请重新登录',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
  503: '系统维护中，请稍后再试',
} as const;

export const transportMessages = {
  network: '后端接口连接异常',
  timeout: '系统接口请求超时',
  status: (status: number) => `系统接口${status}异常`,
} as const;

export const articleStatusWarnings = {
  0: '文章已关闭',
  2: '文章审核不通过',
  3: '文章审核中',
  4: '文章尚未发布',
  5: '文章尚未发布',
} as const;

export const messages = {
  ok: '操作成功',
  saved: '修改成功',
  submitted: '提交成功',
  loggedOut: '退出成功',
  loggedIn: '登录成功',
  alreadyLoggedOut: '已退出登录',
  empty: '暂无数据',
  keywordRequired: '请输入关键词',
  keywordTooLong: '关键词不能超过50个字',
  menuRouteMissing: '请联系管理员新增对应路由',
  uploadOk: '上传成功',
  uploadFailed: '上传失败',
  downloading: '正在下载中，请稍后!',
  exportUrlMissing: '导出地址获取错误，请联系开发人员处理',
  memberOnly: '该文章仅限会员阅读，请先登录',
  badParameter: '参数错误',
  notFound: '访问资源不存在',
  articleNotFound: '文章不存在或已删除',
  previewInvalid: '预览链接无效或已过期，请向管理员重新获取',
  menuNotFound: '栏目不存在',
  tooManyRequests: '请求过于频繁，请稍后再试',
  payloadTooLarge: '提交的内容过大',
  /** An address or headers past the server's limit (16 KB): HTTP 431. */
  requestTooLong: '请求地址或请求头过长',
  requestTimedOut: '请求超时，请稍后再试',
  controlCharacters: '提交的内容含有不允许的控制字符',
  // §5 validation
  titleRequired: '请输入标题',
  menuRequired: '请选择所属菜单',
  imageTooLarge: '图片不得大于900kb',
  imageType: '上传格式需为：.jpg/.png/.jpeg',
  attachmentTooLarge: '文件不得大于10MB',
  companyTypeRequired: '请选择单位归类',
  memberLevelRequired: '请选择会员等级',
  legalPersonRequired: '请输入负责人',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  companyNameRequired: '请输入公司名称',
  emailRequired: '请输入邮箱',
  phoneRequired: '请输入手机号码',
  phoneInvalid: '请输入正确电话号码',
  certNameRequired: '姓名不能为空!',
  certIdOrNumRequired: '身份证和证书编号必须选填一个!',
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确手机号码',
  proposeRequired: '请输入建议留言',
  contactRequired: '请输入联络人',
  contactPhoneRequired: '请输入联系电话',
  oldPasswordRequired: '请输入旧密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请再次输入新密码',
  passwordMismatch: '两次输入密码不一致！',
  captchaRequired: '请输入验证码',
  editorFileTooLarge: '文件不得大于50M',
  editorFileType: '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt',
  mediaTooLarge: '文件不得大于300M',
  mediaType: '上传格式需为：.mp3/.mp4',
} as const;

/** Back-office system texts (sign-in, menus, roles, admin users); the spec leaves these open. */
export const systemMessages = {
  captchaInvalid: '验证码错误或已过期',
  loginFailed: '账号或密码错误',
  accountLocked: (minutes: number) => `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`,
  accountDisabled: '账号已停用，请联系管理员',
  // New passwords (password-policy.ts): the numbers are passwordPolicy's.
  passwordTooShort: '密码至少12位',
  passwordTooLong: '密码不能超过128位',
  passwordContainsAccount: '密码不能包含账号',
  passwordTooCommon: '该密码过于常见，请换一个',
  oldPasswordWrong: '旧密码错误',
  samePassword: '新密码不能与旧密码相同',
  tooLong: (field: string, max: number) => `${field}不能超过${max}个字`,
  statusInvalid: '状态只能是0或1',
  menuNameRequired: '请输入菜单名称',
  menuTypeInvalid: '请选择菜单类型',
  menuPathRequired: '请输入路由地址',
  menuComponentRequired: '请输入组件路径',
  menuPermsRequired: '请输入权限标识',
  menuPermsUnknown: '权限标识不存在',
  menuNotFound: '菜单不存在',
  menuParentNotFound: '上级菜单不存在',
  menuParentCycle: '上级菜单不能是当前菜单或其下级菜单',
  menuButtonParent: '按钮只能添加在页面菜单下',
  menuPageParent: '目录和页面只能添加在顶级或目录下',
  menuHasChildren: '存在子菜单，不允许删除',
  menuTypeChildren: '该菜单的子菜单与所选类型不符',
  roleNameRequired: '请输入角色名称',
  roleNameTaken: '角色名称已存在',
  roleNotFound: '角色不存在',
  roleInUse: '该角色已分配给管理员，不能删除',
  superRoleLocked: '超级管理员角色不能删除或停用',
  roleMenuNotFound: '所选菜单不存在',
  grantBeyondOwn: '不能授予自己没有的权限',
  roleBeyondOwn: '不能分配或修改权限超出自己的角色',
  ownRole: '不能修改自己所属的角色',
  accountInvalid: '账号为3-32位字母、数字或下划线',
  accountTaken: '账号已存在',
  fullNameRequired: '请输入姓名',
  roleRequired: '请选择角色',
  adminNotFound: '管理员不存在',
  deleteSelf: '不能删除自己的账号',
  disableSelf: '不能停用自己的账号',
  lastSuper: '至少需要保留一个启用的超级管理员',
  superOnly: '只有超级管理员可以设置或修改超级管理员',
  adminBeyondOwn: '不能修改或删除权限超出自己的管理员',
  ownRoleOrStatus: '不能修改自己的角色或状态',
  dateInvalid: '日期格式应为yyyy-MM-dd',
  mustChangePassword: '首次登录请先修改初始密码',
  passwordExpired: '密码已超过有效期，请先修改密码',
  addressNotAllowed: '当前网络地址不允许访问管理后台，请联系系统管理员',
  passwordMaxDaysInvalid: '密码有效期应为0至3650之间的整数（0为不限）',
  tokenNameRequired: '请输入令牌名称',
  tokenNameInvalid: '令牌名称为1-50位字母、数字、下划线、连字符或点',
  tokenNameTaken: '令牌名称已存在',
  tokenNotFound: '令牌不存在',
  tokenRoleInactive: '所选角色已停用',
  sessionNotFound: '会话不存在或已下线',
  forceLogoutSelf: '不能强制下线自己当前的会话，请使用退出登录',
} as const;

/** Back-office content texts (menus, articles, positions, banners, links, type lists, uploads); the spec leaves these open. */
export const contentMessages = {
  menuNameRequired: '请输入栏目名称',
  menuParentNotFound: '上级栏目不存在',
  menuTooDeep: '栏目最多三级，不能再添加下级栏目',
  menuParentCycle: '上级栏目不能是当前栏目或其下级栏目',
  menuHasChildren: '该栏目下有子栏目，不能删除',
  menuHasArticles: (count: number) => `该栏目下有${count}篇文章，请先移动或删除文章`,
  menuTypeInvalid: '栏目类型只能是1或2',
  showTypeInvalid: '展示方式只能是0（列表）或1（单页）',
  webOrSitePath: '地址需以http://或https://开头，或为以/开头的站内路径',
  webOnly: '地址需以http://或https://开头',
  articleStatusInvalid: '文章状态只能是0至5',
  publishTimeInvalid: '发布时间格式应为yyyy-MM-dd HH:mm:ss',
  offlineTimeInvalid: '定时下线时间格式应为yyyy-MM-dd HH:mm:ss',
  offlineBeforePublish: '定时下线时间须晚于发布时间',
  offlineInPast: '定时下线时间须晚于当前时间',
  scheduled: (at: string) => `已定时发布，将于${at}发布`,
  articlesRequired: '请选择文章',
  articleConflict: '文章已被他人修改',
  /** 批量发布: what went out, what waits for its time, and how many of the selection were left as they were (named in Skipped). */
  bulkPublished: (published: number, scheduled: number, skipped: number) =>
    (scheduled > 0 ? `已发布${published}篇，${scheduled}篇将于发布时间到时发布` : `已发布${published}篇`) + (skipped > 0 ? `；${skipped}篇未发布` : ''),
  /** 批量发布: why one article of the selection was left as it was (the others are published). */
  publishSkipped: {
    underReview: '审核中，由审核决定是否发布',
    rejected: '审核不通过，须修改后重新提交审核',
    needsReview: '所在栏目需要审核，请打开文章提交审核',
    takeDownPassed: '定时下线时间已过，请先修改或清除定时下线时间',
  },
  bulkOfflined: (count: number) => `已下线${count}篇`,
  /** 移动到栏目: moved now, and published articles whose move into a menu with a review chain waits for that chain. */
  bulkMoved: (moved: number, submitted: number) =>
    submitted > 0 ? `已移动${moved}篇；${submitted}篇已发布的文章移入设有审核流程的栏目，已提交审核，审核通过后移入` : `已移动${moved}篇`,
  /** The article editor's autosave, beside the editor: the time of the last one, or that the last try failed. */
  autosavedAt: (time: string) => `已自动保存 ${time}`,
  autosaveFailed: '自动保存失败，请检查网络，将自动重试',
  /** RevokeNewsPreviews: every link made so far stops working; a new one may be made. */
  previewsRevoked: '已收回该文章的全部预览链接，此前发出的链接均已失效',
  revisionNotFound: '历史版本不存在',
  seatInvalid: '推荐位只能是1至4',
  sortNumberInvalid: '排序号需为0至999999的整数',
  positionNotFound: '推荐位记录不存在',
  imageRequired: '请上传图片',
  bannerNotFound: '轮播图不存在',
  linkTitleRequired: '请输入链接名称',
  linkUrlRequired: '请输入链接地址',
  linkNotFound: '友情链接不存在',
  typeInvalid: '类型只能是1、2或3',
  typeNameRequired: '请输入名称',
  typeNameTaken: '该类型下已有同名项',
  typeNotFound: '类型不存在',
  typeInUse: (count: number) => `该类型已被${count}个会员使用，不能删除`,
  editorImageType: '上传格式需为：.jpg/.jpeg/.png/.gif/.bmp/.webp',
  editorImageTooLarge: '图片不得大于10M',
  uploadContentMismatch: '文件内容与扩展名不符',
  uploadMissing: '请选择要上传的文件',
  /** A picture whose header gives more pixels than the server decodes (a pixel flood); `tenThousands` is the limit in 万. */
  imageTooManyPixels: (tenThousands: number) => `图片尺寸过大，不得超过${tenThousands}万像素`,
  /** The hourly upload quotas (features/uploads/quotas.ts): files, then bytes. */
  uploadTooFrequent: '上传过于频繁，请稍后再试',
  uploadQuotaReached: '上传总量已达上限，请稍后再试',
  /** The upload storage refused the write: out of space, or read-only / no permission. */
  storageFull: '存储空间不足，请联系管理员',
  storageReadOnly: '存储不可写，请联系管理员',
  /** 媒体库's 上传: a file none of the editor's kinds (picture, file, audio/video) takes. */
  libraryFileType: (extensions: readonly string[]) => `上传格式需为：${extensions.map((e) => `.${e}`).join('/')}`,
  /** 媒体库: a file something still names is kept; the places say what to change first. */
  uploadInUse: (places: readonly string[]) => `该文件正在使用中，不能删除（${places.join('、')}）`,
} as const;

/** The review chain (三审) and its approval record (features/review/). */
export const reviewMessages = {
  stepNameRequired: '请填写审核步骤名称',
  stepRolesRequired: '请选择审核角色',
  tooManySteps: (max: number) => `审核步骤最多${max}步`,
  roleNotFound: '审核角色不存在',
  roleCannotReview: (role: string) => `角色“${role}”没有“待我审核”权限，不能审核`,
  reviewNotFound: '审批记录不存在',
  notPending: '该稿件已不在审核中',
  notYourStep: '您的角色不能审核此步骤',
  ownArticle: '此步骤不得审核本人稿件',
  overrideRequired: '越级审核须填写原因',
  rejectReasonRequired: '请填写驳回理由',
  opinionTooLong: '审核意见不能超过500个字',
  overrideTooLong: '越级审核原因不能超过200个字',
  submitted: '已提交审核',
  editSubmitted: '修改已提交审核，审核通过后生效',
  approvedNext: (step: string) => `已通过，转${step}`,
  published: '审核通过，已发布',
  /** The last step approved after the version's own take-down time: it is closed, not published. */
  publishedPastTakeDown: '审核通过；下线时间已过，文章已下线',
  rejected: '已驳回',
  /** The last step approved a reply to a 在线留言 message: it is out (the asker sees it by 查询码 and is mailed). */
  replyApproved: '审核通过，答复已发出',
  /** SaveNews of a rejected article kept 审核不通过: saved, and still waiting for the author to resubmit. */
  savedNotResubmitted: '已保存，尚未重新提交审核（状态选择「正常」保存即重新提交）',
  /** 移动到栏目 of articles whose review is under way: the review decides where they stand. */
  bulkMoveInReview: (count: number) => `所选文章中有${count}篇正在审核中（新稿、投稿或修改待审），请待审核结束后再移动`,
} as const;

/** Contributions and their review (spec §5 gives the title, menu and image texts; these are the rest). */
export const contributionMessages = {
  menuClosed: '该栏目不接受投稿，请选择其他栏目',
  notYours: '只能修改自己的投稿',
  notEditable: '只有审核不通过的投稿可以修改后重新提交',
  bodyTooLong: (max: number) => `正文不能超过${max}字`,
  tooMany: (perHour: number) => `投稿过于频繁，每小时最多提交${perHour}篇，请稍后再试`,
  coverMissing: '封面图片不存在，请重新上传',
  decisionRequired: '请选择审核结果',
  reasonRequired: '请输入驳回原因',
  reasonTooLong: '驳回原因不能超过200个字',
  notUnderReview: '该投稿不在审核中，请刷新后重试',
  notContribution: '该文章不是会员投稿',
  /** SaveNews, 批量下线 or a restore of a contribution still in review: only its review (or the member's resubmission) moves it on. */
  stillInReview: '会员投稿只能经投稿审核处理：审核中的请在投稿审核中通过或驳回，审核不通过的由会员修改后重新提交',
  bulkStillInReview: (count: number) => `所选文章中有${count}篇会员投稿在审核流程中（审核中或审核不通过），请在投稿审核中处理`,
  wordRequired: '请输入敏感词',
  wordTooLong: '每个敏感词不能超过50个字',
  tooManyWords: '一次最多添加10000个敏感词',
  wordFileType: '请上传.txt文本文件（UTF-8编码，每行一个词）',
  wordFileTooLarge: '文件不得大于1MB',
} as const;

/** Member area texts (sign-in outcomes, application, review, suggestions); the spec leaves these open. */
export const memberMessages = {
  emailInvalid: '请输入正确邮箱',
  filePathInvalid: '附件无效，请重新上传',
  numberInvalid: (field: string) => `${field}应为0-999999的整数`,
  companyTypeUnknown: '所选单位归类不存在',
  memberLevelUnknown: '所选会员等级不存在',
  applicationPending: '入会申请审核中，请耐心等待',
  applicationRejected: '入会申请未通过审核，请修改后重新提交',
  alreadyMember: '已是正式会员，无需再次申请',
  memberNotFound: '会员不存在',
  decisionRequired: '请选择审核结果',
  reasonRequired: '请输入审核不通过原因',
  alreadyReviewed: '该申请已审核，请勿重复操作',
  processItemNotFound: '审核记录不存在',
  idsRequired: '请选择要操作的记录',
  attachmentMissing: '附件不存在',
  /** Spec §2: the hint under the application attachment. */
  attachmentHint: '支持所有office格式文件，多个文件请压缩后上传',
} as const;

/** The rich-text editor's image upload failures (spec §8), worded as TinyMCE's own. */
export const editorUploadMessages = {
  httpError: (status: number) => `HTTP Error: ${status}`,
  invalidJson: 'Invalid JSON',
  transport: 'Image upload failed due to a XHR Transport error',
  urlMissing: 'Upload url missing from the settings',
} as const;

/**
 * Certificates and exam results (spec §5 fixes only the lookup's 姓名不能为空! and
 * 身份证和证书编号必须选填一个!, kept in `messages` as certNameRequired / certIdOrNumRequired).
 */
export const certMessages = {
  nameRequired: '请输入姓名',
  idTypeInvalid: '请选择证件类型',
  idNumRequired: '请输入证件号码',
  idNumInvalid: '身份证号码应为18位（最后一位可为X）',
  idNumBirthDate: '身份证号码中的出生日期不正确',
  idNumCheckDigit: '身份证号码校验位不正确，请核对',
  idNumAsNumber: '身份证号被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写',
  idNumMasked: '证件号码为打码显示，请填写完整号码',
  otherIdInvalid: '证件号码应为5-20位字母或数字',
  examTimeRequired: '请输入考试时间',
  dateInvalid: '日期无效，应为yyyy-MM-dd（如2024-05-12）',
  examStatusInvalid: '考试结果应为合格、不合格或缺考（或1、2、0）',
  certNumInvalid: '证书编号不能含有空格',
  certNumRequired: '考试合格的记录须填写证书编号',
  certNumNotPassed: '只有考试合格的记录可以填写证书编号',
  issueDateRequired: '考试合格的记录须填写发证日期',
  issueDateNotPassed: '只有考试合格的记录可以填写发证日期',
  issueBeforeExam: '发证日期不能早于考试时间',
  certNumTaken: '证书编号已存在',
  resultTaken: '该考生在此考试时间已有成绩',
  certNumRepeated: (row: number) => `与第${row}行的证书编号重复`,
  resultRepeated: (row: number) => `与第${row}行为同一考生同一考试时间`,
  certNotFound: '证书不存在',
  notInCertView: '证书列表只收录考试合格且有证书编号的记录',
  downloadRefused: '证书不存在，或与所填证件号码不符',
  downloadExpired: '查询结果已过期，请重新查询后下载',
  notPassed: '考试合格后方可下载证书',
  statusInvalid: '状态只能是0（官网隐藏）或1（正常）',
  importFileType: '请上传.xlsx格式的Excel文件',
  importTooLarge: '文件不得大于10MB',
  importUnreadable: '无法读取该文件，请使用导入模板填写后上传',
  importEmpty: '文件中没有可导入的数据',
  importTooManyRows: (max: number) => `一次最多导入${max}行`,
  columnMissing: '缺少此列',
  importRaced: '导入期间有相同的证书编号或成绩被录入，请重新导入',
  importFailed: (errors: number) => `导入失败：共${errors}处错误，请修改后重新导入（未导入任何记录）`,
  imported: (count: number) => `成功导入${count}条`,
} as const;

/** Activities (活动通知): the back office's editor, the member's sign-up, reminders; the spec leaves these open. */
/** Attendance certificates (培训证明 for a training activity, 参会证明 otherwise). */
export const attendanceCertMessages = {
  noneCheckedIn: '该活动尚无已签到的会员，无法颁发证明',
  /** A certificate says the member took part in the activity: it is issued once the activity has ended. */
  notEnded: (endTime: string) => `活动尚未结束（${endTime.slice(0, 16)} 结束），结束后方可颁发证明`,
  issued: (issued: number, kept: number) => (kept ? `已颁发${issued}份证明，另有${kept}位会员此前已颁发` : `已颁发${issued}份证明`),
  notFound: '未找到该证明',
  revoked: '证明已撤销',
  restored: '证明已恢复',
  notValid: '该证明已撤销，无法下载',
} as const;

export const activityMessages = {
  titleRequired: '请输入活动标题',
  placeRequired: '请输入活动地点',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  deadlineRequired: '请选择报名截止时间',
  timeInvalid: '时间格式应为yyyy-MM-dd HH:mm:ss',
  endBeforeStart: '结束时间不能早于开始时间',
  deadlineAfterStart: '报名截止时间不能晚于开始时间',
  capacityInvalid: '人数上限应为0-999999的整数（0为不限）',
  capacityBelowSignUps: (count: number) => `人数上限不能少于已报名人数（当前${count}人）`,
  audienceRequired: '请选择活动对象（全体会员或至少一个会员等级）',
  levelUnknown: '所选会员等级不存在',
  attachmentInvalid: '附件无效，请重新上传',
  tooManyAttachments: (max: number) => `附件最多${max}个`,
  notFound: '活动不存在或已删除',
  publishDraftOnly: '只有草稿或已关闭的活动可以发布',
  publishAfterDeadline: '报名截止时间已过，不能发布',
  closePublishedOnly: '只有已发布的活动可以关闭',
  resendPublishedOnly: '只有已发布的活动可以发送提醒',
  resendNobody: '没有需要提醒的会员',
  resendOutsideAudience: '所选会员不在本活动的通知范围内',
  resendDisabled: (accounts: string) => `所选会员已停用，不能提醒：${accounts}`,
  notOpen: '活动未发布或已关闭，不能报名',
  deadlinePassed: '报名已截止',
  outsideAudience: '您不在本活动的通知范围内，不能报名',
  alreadySignedUp: '您已报名，请勿重复报名',
  notSignedUp: '您尚未报名该活动',
  full: '报名人数已满',
  memberDisabled: '账号已停用，请联系管理员',
  signedUp: '报名成功',
  cancelled: '已取消报名',
  reminded: (count: number) => `已提醒${count}位会员`,
  published: (count: number) => `已发布，已通知${count}位会员`,
  /** Publishing and reminding without SMTP_URL: the notices are in the member area only, no e-mail goes. */
  mailOff: '未配置邮件服务器，仅站内通知',
  // The waitlist (features/activities/waitlist.ts).
  confirmHoursInvalid: '确认时限应为1-168之间的整数（小时）',
  waitlistNoLimit: '本活动不限名额，请直接报名',
  waitlistNotFull: '仍有名额，请直接报名',
  alreadyWaitlisted: '您已在候补名单中',
  notWaitlisted: '您不在候补名单中',
  waitlistJoined: (position: number) => `已加入候补名单，当前排第${position}位`,
  waitlistLeft: '已退出候补名单',
  offerDeclined: '已放弃保留的名额',
  noOffer: '没有为您保留的名额',
  offerExpired: '保留的名额已过期，已顺延给下一位候补会员',
  offerConfirmed: '已确认参加，报名成功',
  cancelCheckedIn: '您已签到，不能取消报名',
  // Check-in (features/activities/check-in.ts).
  selfCheckInIncomplete: '请同时选择自助签到的开始和结束时间',
  selfCheckInEndBeforeStart: '自助签到结束时间不能早于开始时间',
  selfCheckInAfterEnd: '自助签到须在活动结束前截止',
  checkInQueryRequired: '请扫描签到二维码、输入签到码或选择会员',
  checkInCodeFormat: '签到码为6位字母或数字',
  checkInTokenInvalid: '无效的签到二维码',
  checkInCodeUnknown: '签到码不存在，请核对后重新输入',
  checkInOtherActivity: (title: string) => `该签到二维码属于其他活动「${title}」`,
  checkInNotSignedUp: '该会员未报名本活动或已取消报名',
  checkInOutsideAudience: '该会员已不在本活动的通知范围内，不能签到',
  checkInMemberDisabled: '该会员账号已停用，不能签到',
  checkInNotYet: (day: string) => `签到尚未开始，活动当天（${day}）起可签到`,
  checkInEnded: '活动已结束，不能签到',
  checkedInAlready: (time: string) => `已签到（${time}）`,
  checkedIn: '签到成功',
  notCheckedIn: '该会员尚未签到',
  checkInUndone: '已撤销签到',
  selfCheckInOff: '本活动未开放自助签到',
  selfCheckInKeyInvalid: '签到二维码无效或已更换，请扫描活动现场的签到二维码',
  selfCheckInCodeExpired: '签到码已过期，请扫描现场大屏上的最新二维码',
  venueCodeStatic: '本活动未开启动态签到码',
  selfCheckInNotYet: (start: string) => `自助签到尚未开始（${start} 开始）`,
  selfCheckInOver: (end: string) => `自助签到已结束（${end} 截止），请到签到台签到`,
  // Staff taking a member off the list (RemoveActivitySignUp).
  removeCheckedIn: '该会员已签到，请先撤销签到',
  removeNothing: '该会员未报名，也不在候补名单中',
  removed: '已移出该会员',
  // The sign-up form (报名表), a form of 表单与问卷 (features/activities/sign-up-form.ts).
  signUpFormAnonymous: '匿名表单不能用作报名表：报名名单须列出每位会员填写的内容',
  signUpFormLocked: '已有会员填写了报名表，不能更换或取消报名表',
} as const;

/** 哀悼日 (days on which the public site is shown in grey); the spec leaves these open. */
export const memorialMessages = {
  startRequired: '请选择开始日期',
  endRequired: '请选择结束日期',
  dateInvalid: '日期无效，应为yyyy-MM-dd（如2024-04-04）',
  endBeforeStart: '结束日期不能早于开始日期',
  rangeTooLong: (max: number) => `日期范围不能超过${max}天`,
  scopeInvalid: '请选择置灰范围（仅首页或全站）',
  notFound: '哀悼日不存在',
} as const;

/** 隐私政策 (系统管理 → 隐私政策, the public page /privacy); the spec leaves these open. */
export const privacyMessages = {
  contentRequired: '请输入隐私政策正文',
  summaryRequired: '请填写本次变更说明',
  notFound: '该版本的隐私政策不存在',
  published: '已发布的版本不能修改或删除，如需调整请新增版本',
  consentRequired: '请阅读并勾选同意《隐私政策》',
  consentOutdated: '隐私政策已更新，请阅读新版本后重新勾选同意',
  consentNotFound: '该授权记录不存在',
  consentWithdrawn: '该授权已撤回',
  policyUnavailable: '隐私政策暂未读取成功，请稍后重试或刷新页面',
  withdrawn: '已撤回授权',
} as const;

/** 个人信息权利请求 (member area 我的个人信息, 系统管理 → 个人信息请求); the spec leaves these open. */
export const rightsMessages = {
  kindInvalid: '请选择请求类型：查阅复制、更正补充或删除',
  contentRequired: '请说明您的请求内容',
  statusInvalid: '请选择办理结果：已办结或不予办理',
  answerRequired: '请填写办理结果或不予办理的理由',
  tooManyPending: '您已有3项请求在办理中，请等待答复后再提交',
  notFound: '该请求不存在',
  handled: '该请求已办理完毕',
  submitted: '请求已提交，协会将在15个工作日内答复',
  holderNameRequired: '请输入姓名',
  holderIdNumRequired: '请输入证件号码',
  holderProofRequired: '请输入证书编号；没有证书的，请输入考试日期（如2026-05-16）',
  holderNotVerified: '身份核验未通过：姓名、证件号码与证书编号（或考试日期）不符',
  holderSessionExpired: '身份核验已过期，请重新核验',
} as const;

/** 工作日历 (public holidays and 调休 working days); the spec leaves these open. */
export const workdayMessages = {
  dateRequired: '请选择日期',
  dateInvalid: '日期无效，应为yyyy-MM-dd（如2026-10-01）',
  dateOutOfRange: '日期应在2000年至2100年之间',
  yearInvalid: '年份应为2000至2100之间的整数',
  kindInvalid: '请选择休（放假）或班（调休上班）',
  nameRequired: '请输入名称，如春节',
  workOnWeekday: '周一至周五本是工作日，只有周六、周日可设为班',
  duplicate: (day: string) => `${day}已在工作日历中，请修改原有设置`,
  notFound: '工作日历中没有该日期的设置',
} as const;

/** The back office's second factor (authenticator app and recovery codes). */
export const twoFactorMessages = {
  codeNeeded: '请输入动态验证码',
  codeRequired: '请输入6位动态验证码或恢复码',
  codeInvalid: '动态验证码错误',
  codeReused: '该动态验证码已使用，请等待下一个验证码',
  /** A recovery code is good for one sign-in; the same one again. */
  recoveryCodeUsed: '该恢复码已使用过，请使用其他恢复码或动态验证码',
  /** RenewRecoveryCodes: the new ones are shown; those given before stop working. */
  recoveryCodesRenewed: '恢复码已重新生成，原有恢复码已失效',
  challengeExpired: '登录已过期，请重新输入账号密码',
  passwordWrong: '密码错误',
  alreadyOn: '二次验证已开启，如需更换请先关闭',
  notStarted: '请先获取二维码并添加到身份验证器',
  notOn: '二次验证未开启',
  requiredByRole: '当前角色要求开启二次验证，请先完成绑定',
  requiredCannotTurnOff: '当前角色要求开启二次验证，不能关闭',
  turnedOn: '二次验证已开启',
  turnedOff: '二次验证已关闭',
  reset: '已重置该管理员的二次验证',
  targetNotOn: '该管理员未开启二次验证',
  resetSelf: '不能重置自己的二次验证，请在账号菜单中关闭',
  /** BeginTotp, ConfirmTotp and DisableTotp with an API token, which never signs in. */
  notForApiTokens: '接口令牌没有二次验证，请由管理员登录后在账号菜单中设置',
} as const;
