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
