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
