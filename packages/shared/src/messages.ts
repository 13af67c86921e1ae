/**
 * Every Chinese text the spec fixes (§5 validation, §8 errors and successes).
 * Server and web import from here so the wording cannot drift between them.
 */
export const codeMessages = {
  401: '无效的会话，或者会话已过期，请重新登录',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
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
} as const;

export const messages = {
  ok: '操作成功',
  saved: '修改成功',
  submitted: '提交成功',
  loggedOut: '退出成功',
  alreadyLoggedOut: '已退出登录',
  empty: '暂无数据',
  keywordRequired: '请输入关键词',
  menuRouteMissing: '请联系管理员新增对应路由',
  uploadOk: '上传成功',
  uploadFailed: '上传失败',
  downloading: '正在下载中，请稍后!',
  exportUrlMissing: '导出地址获取错误，请联系开发人员处理',
  memberOnly: '该文章仅限会员阅读，请先登录',
  badParameter: '参数错误',
  notFound: '访问资源不存在',
  articleNotFound: '文章不存在或已删除',
  menuNotFound: '栏目不存在',
  tooManyRequests: '请求过于频繁，请稍后再试',
  payloadTooLarge: '提交的内容过大',
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
