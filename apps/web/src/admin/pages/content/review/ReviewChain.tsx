import { Steps, Tag, Typography, type StepsProps } from 'antd';
import { ReviewState, StepDecision, stepDecisionNames, type ReviewDecisionDto, type ReviewDto } from '@portal/shared';
import { blockedExplanation } from './texts';
import styles from './review.module.css';

/** Who decided: the name, with the account when they differ. */
export const reviewerName = (d: Pick<ReviewDecisionDto, 'AdminName' | 'AdminAccount'>) =>
  d.AdminName && d.AdminName !== d.AdminAccount ? `${d.AdminName}（${d.AdminAccount}）` : d.AdminAccount;

/** The decision of step `no` (1-based), if it has one. */
export const decisionOf = (review: Pick<ReviewDto, 'Decisions'>, no: number) => review.Decisions.findLast((d) => d.StepNo === no);

type StepStatus = NonNullable<NonNullable<StepsProps['items']>[number]['status']>;

function Decision({ decision }: { decision: ReviewDecisionDto }) {
  return (
    <div className={styles.decision}>
      <div>
        <Tag color={decision.Decision === StepDecision.Approve ? 'success' : 'error'}>{stepDecisionNames[decision.Decision]}</Tag>
        {reviewerName(decision)}
      </div>
      <Typography.Text type="secondary">{decision.CreateTime}</Typography.Text>
      {decision.Opinion && <div className={styles.opinion}>意见：{decision.Opinion}</div>}
      {decision.Override && <div className={styles.override}>越级审核原因：{decision.Override}</div>}
    </div>
  );
}

/**
 * The chain of one review as antd Steps: 拟稿 (who, when), then each step with its roles and,
 * once decided, the reviewer, decision, opinion, time and any 越级审核 reason. The step waiting
 * is 进行中; one no one can decide is red with the reason.
 */
export function ReviewChain({ review }: { review: ReviewDto }) {
  const pending = review.State === ReviewState.Pending;
  const items: StepsProps['items'] = [
    {
      title: '拟稿',
      status: 'finish',
      content: (
        <div className={styles.decision}>
          <span title={review.Author}>{review.AuthorName}</span>
          <br />
          <Typography.Text type="secondary">{review.SubmitTime}</Typography.Text>
        </div>
      ),
    },
    ...review.Steps.map((step, i) => {
      const no = i + 1;
      const decision = decisionOf(review, no);
      const current = pending && no === review.StepNo;
      const status: StepStatus = decision
        ? decision.Decision === StepDecision.Approve
          ? 'finish'
          : 'error'
        : current
          ? step.Blocked
            ? 'error'
            : 'process'
          : 'wait';
      return {
        title: step.Name,
        subTitle: current ? '审核中' : undefined,
        status,
        content: (
          <>
            <div className={styles.roles}>
              {step.RoleNames.join('、')}
              {step.NoSelfReview && '（不得审核本人稿件）'}
            </div>
            {decision && <Decision decision={decision} />}
            {current && step.Blocked && <div className={styles.blocked}>{blockedExplanation}</div>}
          </>
        ),
      };
    }),
  ];
  const current = pending ? review.StepNo : review.Decisions.length;
  return (
    <section aria-label="审核流程">
      <Steps className={styles.chain} size="small" current={current} items={items} />
    </section>
  );
}
