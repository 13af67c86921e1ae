import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Form, Input, Tag, Timeline } from 'antd';
import { ArticleStatus, contributionMessages, dialogWidth, messages, ReviewDecision, reviewMessages, type ContributionChainStepDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import { ArticleReading } from '../../../shared/ArticleReading';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';
import { RejectReason, ReviewFooter, useVerdict, type Verdict } from '../../../shared/review';
import { ArticleStatusTag } from '../../content/flags';

const decisionNames: Record<number, { label: string; color: string }> = {
  [ReviewDecision.Submitted]: { label: '会员提交', color: 'blue' },
  [ReviewDecision.Approved]: { label: '审核通过', color: 'green' },
  [ReviewDecision.Rejected]: { label: '驳回', color: 'red' },
  [ReviewDecision.Corrected]: { label: '审核人修改', color: 'gray' },
};

/** The review chain's step the contribution waits at, and why the caller may not decide it (or only by override). */
function ChainStepNote({ step }: { step: ContributionChainStepDto }) {
  const where = `审核流程：第${step.StepNo}/${step.StepCount}步（${step.StepName}）`;
  if (!step.CanDecide) return <Alert style={{ marginTop: 12 }} type="warning" showIcon message={`${where}。您不能审核此步骤：${step.Why}`} />;
  if (step.NeedsOverride)
    return (
      <Alert
        style={{ marginTop: 12 }}
        type="warning"
        showIcon
        message={`${where}。您不是此步骤的审核人，作为超级管理员可越级审核，须填写越级审核原因（将记入审批单）。`}
      />
    );
  return (
    <Alert
      style={{ marginTop: 12 }}
      type="info"
      showIcon
      message={step.StepNo < step.StepCount ? `${where}。通过后转下一步审核，终审通过后发布。` : `${where}。通过后发布。`}
    />
  );
}

/**
 * 审核投稿: the article as the site will show it, listed sensitive words marked, its history,
 * and 通过 (publishes it now) or 驳回 (the reason, which the member is shown, is required).
 * 修改 lets the reviewer correct the title and body before approving; the server records it.
 * In a menu with a review chain the decision is the current step's (通过 moves it on), and a
 * super administrator outside the step's rules decides only with a 越级审核原因.
 */
export function ContributionReviewDialog({ newsId, onClose, onReviewed }: { newsId: number | null; onClose: () => void; onReviewed: () => void }) {
  const [form] = Form.useForm<{ Reason: string; OverrideReason?: string }>();
  const [correction] = Form.useForm<{ Title: string; NewContent: string }>();
  const [correcting, setCorrecting] = useState(false);
  // Each article opens as submitted.
  useEffect(() => setCorrecting(false), [newsId]);
  const open = newsId !== null;
  const detail = useQuery({ queryKey: ['contribution', newsId], queryFn: () => contentAdminApi.contribution(newsId!), enabled: open, gcTime: 0 });
  const c = open ? detail.data : undefined;
  const step = c?.ChainStep ?? null;
  const underReview = c?.Status === ArticleStatus.UnderReview && (step?.CanDecide ?? true);
  const approveLabel = step?.NeedsOverride ? '越级通过' : step && step.StepNo < step.StepCount ? '通过' : '通过并发布';

  const { saving, decide } = useVerdict(form, 'Reason', onReviewed);
  const review = async (verdict: Verdict) => {
    if (!c) return;
    // A correction goes with an approval only: a rejected article goes back to its author as written.
    const corrected = correcting && verdict === 'approve' ? await correction.validateFields().catch(() => null) : undefined;
    if (corrected === null) return;
    const decision = verdict === 'approve' ? ReviewDecision.Approved : ReviewDecision.Rejected;
    await decide(verdict, (reason, values) =>
      contentAdminApi.auditContribution({ NewsId: c.NewsId, Decision: decision, Reason: reason, OverrideReason: values.OverrideReason ?? '', ...corrected }),
    );
  };

  const footer = (
    <ReviewFooter
      underReview={underReview}
      perm="member:contribution:audit"
      saving={saving}
      labels={{ reject: '驳回', approve: approveLabel }}
      onDecide={(verdict) => void review(verdict)}
      onClose={onClose}
    >
      {!correcting && (
        <Button
          onClick={() => {
            correction.setFieldsValue({ Title: c?.Title ?? '', NewContent: c?.NewContent ?? '' });
            setCorrecting(true);
          }}
        >
          修改
        </Button>
      )}
    </ReviewFooter>
  );

  return (
    <FormDialog
      title={underReview ? '审核投稿' : '投稿详情'}
      open={open}
      width={dialogWidth.large}
      onCancel={onClose}
      footer={footer}
      loading={detail.isLoading}
    >
      {c && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'company', label: '投稿单位', children: `${c.MemberName}（${c.Account}）` },
              { key: 'menu', label: '所属栏目', children: c.MenuName },
              { key: 'time', label: '提交时间', children: c.SubmitTime },
              { key: 'status', label: '状态', children: <ArticleStatusTag status={c.Status} /> },
              {
                key: 'words',
                label: '敏感词',
                span: 'filled',
                children: c.SensitiveWords.length ? c.SensitiveWords.map((w) => <Tag key={w.Word} color="red">{`${w.Word} ×${w.Count}`}</Tag>) : '无',
              },
            ]}
          />
          {step && c.Status === ArticleStatus.UnderReview && <ChainStepNote step={step} />}
          {correcting ? (
            <Form form={correction} layout="vertical" style={{ marginTop: 16 }}>
              <Form.Item
                name="Title"
                label="标题"
                normalize={trimmed}
                rules={[{ required: true, whitespace: true, message: messages.titleRequired }, { max: 200 }]}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="NewContent" label="正文">
                <RichTextEditor />
              </Form.Item>
            </Form>
          ) : (
            <ArticleReading title={{ html: c.MarkedTitle }} imageUrl={c.ImageUrl} html={c.MarkedContent} />
          )}
          {underReview && (
            <RejectReason
              form={form}
              perm="member:contribution:audit"
              name="Reason"
              label="驳回原因（驳回时必填，将告知投稿会员）"
              placeholder="请输入驳回原因"
              message={contributionMessages.reasonRequired}
              maxLength={200}
            >
              {step?.NeedsOverride && (
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
          )}
          <Divider titlePlacement="start">审核记录</Divider>
          <Timeline
            items={c.Reviews.map((r, i) => ({
              key: i,
              color: decisionNames[r.Decision]?.color,
              children: `${r.CreateTime} ${decisionNames[r.Decision]?.label ?? ''}${r.AdminAccount ? `（${r.AdminAccount}）` : ''}${r.Reason ? `：${r.Reason}` : ''}`,
            }))}
          />
        </>
      )}
    </FormDialog>
  );
}
