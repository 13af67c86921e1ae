/** 易错词 (features/proofreading, docs/inspection.md): the dictionary's refusals and its import's report. */
export const proofreadingMessages = {
  wrongRequired: '请填写错误写法',
  rightRequired: '请填写正确写法',
  severityInvalid: '级别只能是“严重”或“一般”',
  sameForms: '错误写法与正确写法不能相同',
  /** An entry whose right form holds its wrong form would be found again in every corrected text. */
  wrongInRight: '正确写法中含有错误写法，改正后的文字仍会被查出',
  wrongTaken: '该错误写法已在词库中',
  notFound: '易错词不存在',
  columnsMissing: '表格须有“错误写法”和“正确写法”两列（可先导出词库，按导出文件的格式填写）',
  /** A later row of the file with the same wrong form as an earlier one: the first counts. */
  repeatedInFile: (row: number) => `与第${row}行的错误写法重复`,
  /** A row whose wrong form the dictionary holds already: the row's right form and level replace the stored ones. */
  updatedFromFile: (right: string, severity: string) => `该错误写法已在词库中，已按本行更新（原为“${right}”，${severity}）`,
  /** A row not imported: its problem, then that it was left out. */
  skipped: (problem: string) => `${problem}，已跳过`,
  importRaced: '导入期间有相同的错误写法被录入，请重新导入',
  imported: (r: { added: number; updated: number; unchanged: number; skipped: number }) =>
    `导入完成：新增${r.added}条，更新${r.updated}条${r.unchanged ? `，${r.unchanged}条与词库相同` : ''}${r.skipped ? `，跳过${r.skipped}条` : ''}`,
} as const;
