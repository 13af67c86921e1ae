import { defuseFormula, reviewKindNames, reviewStateNames, ReviewState, stepDecisionNames, type StepDecision } from '@portal/shared';
import { exceljs } from '../../http/exceljs.js';
import { personCell } from '../../http/xlsx-export.js';
import type { ReviewDecisionRow } from './queue.js';
import type { Review } from './records.js';

/**
 * 审批单.xlsx: one review as a form to print or file — the article and its submission above,
 * then one line per step of its chain: who decided it, how, with what opinion and when, an
 * override's reason, and the steps not reached. Small (one review), so built whole in memory.
 */

const columns = [
  { header: '审核步骤', width: 16 },
  { header: '审核人', width: 22 },
  { header: '结果', width: 8 },
  { header: '审核意见', width: 40 },
  { header: '越级审核原因', width: 28 },
  { header: '时间', width: 20 },
] as const;

/** Text is what admins and members typed: defused so no spreadsheet runs it as a formula. */
const text = (value: string) => defuseFormula(value);

export async function reviewRecordWorkbook(review: Review, decisions: readonly ReviewDecisionRow[]): Promise<Buffer> {
  const workbook = new (await exceljs()).Workbook();
  const sheet = workbook.addWorksheet('审批单');
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.addRow(['审批单']).font = { bold: true, size: 14 };
  const facts: [string, string][] = [
    ['标题', text(review.title)],
    ['类型', reviewKindNames[review.kind]],
    ['栏目', text(review.menuName)],
    ['拟稿', text(personCell(review.authorFullName, review.authorName))],
    ['提交时间', review.submittedAt],
    ['状态', reviewStateNames[review.state]],
    ['办结时间', review.decidedAt],
  ];
  for (const fact of facts) sheet.addRow(fact).getCell(1).font = { bold: true };
  sheet.addRow([]);
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const d of decisions) {
    const who = personCell(d.admin_name, d.admin_account);
    sheet.addRow([
      `${d.step_no}. ${text(d.step_name)}`,
      text(who),
      stepDecisionNames[d.decision as StepDecision],
      text(d.opinion),
      text(d.override_reason),
      d.created_at,
    ]);
  }
  // The steps no one has decided: the one it waits at, and those it has not reached (or never will).
  const decidedUpTo = Math.max(0, ...decisions.map((d) => d.step_no));
  review.steps.slice(decidedUpTo).forEach((step, i) => {
    const stepNo = decidedUpTo + i + 1;
    const waiting = review.state === ReviewState.Pending && stepNo === review.stepNo;
    sheet.addRow([`${stepNo}. ${text(step.name)}`, '', waiting ? reviewStateNames[ReviewState.Pending] : '', '', '', '']);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
