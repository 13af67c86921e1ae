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
