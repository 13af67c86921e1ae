/** 访问统计 (features/statistics): the range a dashboard asks for and the beacon's refusals. */
export const statisticsMessages = {
  rangeInvalid: '开始日期不能晚于结束日期',
  rangeTooLong: '统计区间不能超过366天',
  rangeTooEarly: '统计区间不能早于2000年',
  rangeInFuture: '统计区间不能晚于今天',
  tableInvalid: '请选择要导出的统计表',
  pathInvalid: '页面地址无效',
} as const;
