/** 链接检查 (features/inspection/links*.ts, docs/inspection.md): its refusals and notices. */
export const linkCheckMessages = {
  running: (startedAt: string) => `链接检查正在进行中（${startedAt} 开始），请等本次检查结束后再开始`,
  started: '链接检查已开始，完成前可随时刷新查看进度',
  findingNotFound: '链接问题不存在',
  reasonRequired: '忽略链接问题须填写原因',
  reasonTooLong: '原因不能超过200个字',
  handledInvalid: '处理状态应为 open（未处理）、fixed（已处理）或 ignored（已忽略）',
  kindInvalid: '类型应为 internal（站内页面）、file（附件）、image（图片）或 external（外部链接）',
  stopped: '服务停止，检查中断',
  stale: '检查长时间无进展（服务可能已重启），已中断',
} as const;
