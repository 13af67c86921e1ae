/** 网站检查 (features/inspection, docs/inspection.md): 栏目更新's refusals. */
export const inspectionMessages = {
  intervalInvalid: '更新周期须为 1–365 天的整数',
  linkColumn: '外部链接栏目不发布文章，不检查更新，无需设置更新周期',
  homeColumn: '首页按“两周内须有更新”检查，无需设置更新周期',
  stateInvalid: '状态应为 ok（正常）、overdue（超期）或 empty（空栏目）',
} as const;
