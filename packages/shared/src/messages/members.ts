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
