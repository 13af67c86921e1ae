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
