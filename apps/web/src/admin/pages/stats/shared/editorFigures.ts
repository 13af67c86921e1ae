import type { EditorFiguresDto } from '@portal/shared';

/** 编辑工作量's four figures in the order the office reads them (docs/statistics.md, "编辑工作量"). */
export const editorFigures: { key: keyof EditorFiguresDto; name: string }[] = [
  { key: 'Created', name: '新建' },
  { key: 'Published', name: '发布' },
  { key: 'Edited', name: '修改' },
  { key: 'Reviewed', name: '审核' },
];

/** What each figure counts, in one line under the figures (a republishing save is both 发布 and 修改, as the server counts it). */
export const editorFiguresNote =
  '新建：新写的文章；发布：直接发布或改为“正常”的保存；修改：对已有文章的保存（含审核修改、恢复版本）；审核：审核流程中的通过与驳回';

/** All four added up: the 合计 of a row, and what the server ranks editors by. */
export const workOf = (f: EditorFiguresDto) => f.Created + f.Published + f.Edited + f.Reviewed;
