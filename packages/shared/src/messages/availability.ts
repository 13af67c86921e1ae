/** 可用性监测 (features/inspection/availability.ts, docs/inspection.md): refusals and the probes' problems. */
export const availabilityMessages = {
  daysInvalid: '天数须为 1–90 的整数',
  timeout: (seconds: number) => `超时：${seconds} 秒内无应答`,
  refused: '连接被拒绝：服务器未在监听',
  unreachable: (reason: string) => `无法连接：${reason}`,
  serverError: (status: number) => `服务器错误：HTTP ${status}`,
  badStatus: (status: number) => `应答异常：HTTP ${status}`,
  notHtml: (type: string) => `不是网页：Content-Type 为 ${type || '空'}`,
  nothingToProbe: '没有可检测的地址：服务器尚未监听端口，也未设置 PUBLIC_BASE_URL',
  probed: (failures: number) => (failures === 0 ? '检测完成：全部可访问' : `检测完成：${failures} 项无法访问`),
} as const;
