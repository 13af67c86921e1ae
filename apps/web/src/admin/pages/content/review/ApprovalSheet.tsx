import { ReviewState, reviewKindNames, reviewStateNames, StepDecision, type ReviewDto } from '@portal/shared';
import { decisionOf, reviewerName } from './ReviewChain';
import styles from './approval.module.css';

/** The record's number as printed: 审批单 SP000012. */
export const sheetNumber = (id: number) => `SP${String(id).padStart(6, '0')}`;

/** A box ticked or not, as a paper form has it. */
const Box = ({ ticked, label }: { ticked: boolean; label: string }) => (
  <span className={styles.box}>
    <span aria-hidden="true">{ticked ? '☑' : '☐'}</span>
    {label}
    {ticked && <span className="visually-hidden">（已选）</span>}
  </span>
);

/** What an undecided step's opinion box says. */
function undecided(review: ReviewDto, no: number): string {
  if (review.State === ReviewState.Pending) return no === review.StepNo ? '（待审核）' : '（尚未送达此步骤）';
  return '（未经此步骤）';
}

/**
 * 文章发布审批单: the formal one-page record of a review, as the association files it — the
 * article, its menu and kind, who drafted it and when, then each step's opinion box with the
 * decision ticked, the reviewer and the date, and the outcome. Drawn for the screen and, in
 * ApprovalDialog's print copy, for an A4 page.
 */
export function ApprovalSheet({ review, printedAt }: { review: ReviewDto; printedAt: string }) {
  return (
    <div className={styles.sheet}>
      <h1 className={styles.title}>文章发布审批单</h1>
      <div className={styles.meta}>
        <span>编号：{sheetNumber(review.ReviewId)}</span>
        <span>状态：{reviewStateNames[review.State]}</span>
      </div>
      <table className={styles.form}>
        <colgroup>
          <col className={styles.labelCol} />
          <col />
          <col className={styles.labelCol} />
          <col />
        </colgroup>
        <tbody>
          <tr>
            <th scope="row">文章标题</th>
            <td colSpan={3} className={styles.strong}>
              {review.Version.Title || review.Title}
            </td>
          </tr>
          <tr>
            <th scope="row">所属栏目</th>
            <td>{review.Version.MenuName || review.MenuName}</td>
            <th scope="row">稿件类型</th>
            <td>{reviewKindNames[review.Kind]}</td>
          </tr>
          <tr>
            <th scope="row">拟 稿 人</th>
            <td title={review.Author}>{review.AuthorName}</td>
            <th scope="row">拟稿时间</th>
            <td>{review.SubmitTime}</td>
          </tr>
          {review.Steps.map((step, i) => {
            const decision = decisionOf(review, i + 1);
            return (
              <tr key={i}>
                <th scope="row">
                  {step.Name}意见
                  <div className={styles.stepNo}>
                    第{i + 1}步 / 共{review.Steps.length}步
                  </div>
                </th>
                <td colSpan={3} className={styles.opinionCell}>
                  <div className={styles.opinion}>
                    {decision ? (
                      decision.Opinion || <span className={styles.muted}>（未填写意见）</span>
                    ) : (
                      <span className={styles.muted}>{undecided(review, i + 1)}</span>
                    )}
                  </div>
                  {decision?.Override && <div className={styles.override}>越级审核原因：{decision.Override}</div>}
                  <div className={styles.sign}>
                    <span>
                      <Box ticked={decision?.Decision === StepDecision.Approve} label="通过" />
                      <Box ticked={decision?.Decision === StepDecision.Reject} label="驳回" />
                    </span>
                    <span>审核人：{decision ? reviewerName(decision) : <span className={styles.blank} />}</span>
                    <span>日期：{decision ? decision.CreateTime : <span className={styles.blank} />}</span>
                  </div>
                </td>
              </tr>
            );
          })}
          <tr>
            <th scope="row">审批结果</th>
            <td colSpan={3}>
              {reviewStateNames[review.State]}
              {review.DecideTime && `（${review.DecideTime}）`}
            </td>
          </tr>
        </tbody>
      </table>
      <div className={styles.foot}>
        <span>审核流程：{['拟稿', ...review.Steps.map((s) => s.Name)].join(' → ')}</span>
        <span>打印时间：{printedAt}</span>
      </div>
    </div>
  );
}
