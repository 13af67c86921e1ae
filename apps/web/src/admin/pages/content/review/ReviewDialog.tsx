import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Form, Input, Segmented, Space, Tag } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import {
  ArticleStatus,
  dialogWidth,
  ReviewKind,
  ReviewState,
  reviewMessages,
  revisionFieldNames,
  StepDecision,
  type ReviewDto,
  type ReviewedVersionDto,
} from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { reviewApi } from '../../../../api/review';
import { ArticleReading } from '../../../shared/ArticleReading';
import { ProofreadFindings } from '../../../shared/ProofreadFindings';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';
import { RejectReason, ReviewFooter, useVerdict, type Verdict } from '../../../shared/review';
import { RevisionCompare } from '../news/RevisionCompare';
import { comparedFields, type ArticleSnapshot } from '../news/compare';
import { ApprovalDialog } from './ApprovalDialog';
import { ReviewKindTag, ReviewStateTag, stepText } from './columns';
import { ReviewChain } from './ReviewChain';
import { reviewKeys } from './keys';

interface DecisionForm {
  Opinion: string;
  OverrideReason: string;
}

/** The facts above the chain: kind, menu, author, time, state and step. */
function Facts({ review }: { review: ReviewDto }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'kind', label: '稿件类型', children: <ReviewKindTag kind={review.Kind} /> },
        { key: 'menu', label: '所属栏目', children: review.MenuName },
        { key: 'author', label: '拟稿', children: <span title={review.Author}>{review.AuthorName}</span> },
        { key: 'time', label: '提交时间', children: review.SubmitTime },
        { key: 'state', label: '状态', children: <ReviewStateTag state={review.State} /> },
        { key: 'step', label: review.State === ReviewState.Pending ? '当前步骤' : '审核步骤', children: stepText(review) },
      ]}
    />
  );
}

/** The version under review with its flags, as the article would read. */
function Version({ review }: { review: ReviewDto }) {
  const v = review.Version;
  const meta = (
    <Space size={8} wrap style={{ justifyContent: 'center' }}>
      {v.Author && <span>作者：{v.Author}</span>}
      {v.NewsCreateTime && <span>发布时间：{v.NewsCreateTime}</span>}
      {v.IsTop && <Tag color="red">置顶</Tag>}
      {v.IsMemberRead && <Tag color="gold">会员可见</Tag>}
    </Space>
  );
  return (
    <>
      <Proofread title={v.Title} html={v.NewContent} />
      <ArticleReading title={{ text: v.Title }} imageUrl={v.ImageUrl} html={v.NewContent} meta={meta} />
    </>
  );
}

/** What 校对 finds in the version under review, for the reviewer to weigh (the words are the writer's to change). */
function Proofread({ title, html }: { title: string; html: string }) {
  const findings = useQuery({ queryKey: [...reviewKeys.all, 'proofread', title, html], queryFn: () => contentAdminApi.checkArticleText(title, html) });
  return <ProofreadFindings findings={findings.data ?? []} />;
}

/** A reviewed version as 历史版本 compares articles; status and take-down time are the publishing's, not under review. */
const snapshot = (v: ReviewedVersionDto): ArticleSnapshot => ({ ...v, Status: ArticleStatus.Published, OfflineTime: '' });
const reviewedFields = comparedFields.filter((f) => f.label !== revisionFieldNames.Status && f.label !== revisionFieldNames.OfflineTime);

/**
 * A pending 修改稿: what it changes in the published article, drawn as 历史版本 compares two
 * versions (fields side by side, the body's deletions and insertions), or the edit whole.
 */
function EditedVersion({ review, live }: { review: ReviewDto; live: ReviewedVersionDto }) {
  const [view, setView] = useState<'changes' | 'whole'>('changes');
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={setView}
        options={[
          { value: 'changes', label: '对照已发布版本' },
          { value: 'whole', label: '修改稿全文' },
        ]}
      />
      {view === 'changes' ? (
        <RevisionCompare
          before={{ title: '已发布版本', article: snapshot(live) }}
          after={{ title: '修改稿', article: snapshot(review.Version) }}
          fields={reviewedFields}
        />
      ) : (
        <Version review={review} />
      )}
    </>
  );
}

/**
 * One review (待我审核's 审核 or 查看, a notice's link): the facts, the chain with every decision,
 * the version under review as the article would read, and — when the caller may decide the
 * current step — 通过 or 驳回 with an opinion (required to reject; shown to the author). A super
 * administrator outside the step's rules decides only with a 越级审核原因. When the caller may
 * not decide, the server's reason is shown. 审批单 opens the printable record.
 */
export function ReviewDialog({ reviewId, onClose, onDecided }: { reviewId: number | null; onClose: () => void; onDecided: (said: string) => void }) {
  const [form] = Form.useForm<DecisionForm>();
  const [sheet, setSheet] = useState<number | null>(null);
  const open = reviewId !== null;
  // Read afresh at each opening: another reviewer may have decided meanwhile.
  const query = useQuery({ queryKey: reviewKeys.one(reviewId ?? 0), queryFn: () => reviewApi.review(reviewId!), enabled: open, staleTime: 0 });
  const review = open ? query.data : undefined;
  const { saving, decide } = useVerdict(form, 'Opinion', onDecided, { reasonWithApproval: true });

  // The step read is sent with the decision: one decided meanwhile by another reviewer is refused, not decided twice.
  const run = (verdict: Verdict) => {
    if (!review) return;
    void decide(verdict, (opinion, values) =>
      reviewApi.decide({
        ReviewId: review.ReviewId,
        Decision: verdict === 'approve' ? StepDecision.Approve : StepDecision.Reject,
        Opinion: opinion,
        OverrideReason: values.OverrideReason ?? '',
        StepNo: review.StepNo,
      }),
    );
  };

  const footer = (
    <Space wrap style={{ justifyContent: 'flex-end' }}>
      <Button icon={<FileProtectOutlined />} disabled={!review} onClick={() => review && setSheet(review.ReviewId)}>
        审批单
      </Button>
      <ReviewFooter
        underReview={!!review?.CanDecide}
        perm="content:review:list"
        saving={saving}
        labels={{ reject: '驳回', approve: review?.NeedsOverride ? '越级通过' : '通过' }}
        onDecide={run}
        onClose={onClose}
      />
    </Space>
  );

  return (
    <FormDialog
      title={review?.CanDecide ? '审核稿件' : '审批详情'}
      open={open}
      width={dialogWidth.large}
      onCancel={onClose}
      footer={footer}
      loading={query.isLoading}
    >
      {review && (
        <>
          <Facts review={review} />
          {review.Kind === ReviewKind.Edit && (
            <Alert style={{ marginTop: 12 }} type="info" showIcon message="修改稿：审核通过后替换网站上已发布的内容，审核期间网站仍显示原内容。" />
          )}
          {review.Kind === ReviewKind.Reply && (
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              message="留言答复：终审通过后答复才发出，留言人凭查询码可见并收到邮件通知；驳回则退回办理人修改。"
            />
          )}
          <Divider titlePlacement="start">审核流程</Divider>
          <ReviewChain review={review} />
          <Divider titlePlacement="start">送审稿件</Divider>
          {review.Live ? <EditedVersion review={review} live={review.Live} /> : <Version review={review} />}
          {review.State === ReviewState.Pending && !review.CanDecide && review.Why && (
            <Alert style={{ marginTop: 16 }} type="warning" showIcon message={`您不能审核此步骤：${review.Why}`} />
          )}
          {review.CanDecide && (
            <>
              <Divider titlePlacement="start">您的审核</Divider>
              {review.NeedsOverride && (
                <Alert type="warning" showIcon message="您不是此步骤的审核人，作为超级管理员可越级审核，须填写越级审核原因（将记入审批单）。" />
              )}
              <RejectReason
                form={form}
                perm="content:review:list"
                name="Opinion"
                label="审核意见（驳回时必填，将告知拟稿人）"
                placeholder="请输入审核意见"
                message={reviewMessages.rejectReasonRequired}
                maxLength={500}
              >
                {review.NeedsOverride && (
                  <Form.Item
                    name="OverrideReason"
                    label="越级审核原因"
                    normalize={trimmed}
                    rules={[{ required: true, whitespace: true, message: reviewMessages.overrideRequired }]}
                  >
                    <Input.TextArea placeholder="请说明越级审核的原因" maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                  </Form.Item>
                )}
              </RejectReason>
            </>
          )}
          <ApprovalDialog reviewId={sheet} onClose={() => setSheet(null)} />
        </>
      )}
    </FormDialog>
  );
}
