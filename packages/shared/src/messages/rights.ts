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
