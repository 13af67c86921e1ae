import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Form, Input, Tag, Timeline } from 'antd';
import { ArticleStatus, contributionMessages, dialogWidth, messages, ReviewDecision } from '@portal/shared';
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

/**
 * 审核投稿: the article as the site will show it, listed sensitive words marked, its history,
 * and 通过 (publishes it now) or 驳回 (the reason, which the member is shown, is required).
 * 修改 lets the reviewer correct the title and body before approving; the server records it.
 */
export function ContributionReviewDialog({ newsId, onClose, onReviewed }: { newsId: number | null; onClose: () => void; onReviewed: () => void }) {
  const [form] = Form.useForm<{ Reason: string }>();
  const [correction] = Form.useForm<{ Title: string; NewContent: string }>();
  const [correcting, setCorrecting] = useState(false);
  // Each article opens as submitted.
  useEffect(() => setCorrecting(false), [newsId]);
  const open = newsId !== null;
  const detail = useQuery({ queryKey: ['contribution', newsId], queryFn: () => contentAdminApi.contribution(newsId!), enabled: open, gcTime: 0 });
  const c = open ? detail.data : undefined;
  const underReview = c?.Status === ArticleStatus.UnderReview;

  const { saving, decide } = useVerdict(form, 'Reason', onReviewed);
  const review = async (verdict: Verdict) => {
    if (!c) return;
    // A correction goes with an approval only: a rejected article goes back to its author as written.
    const corrected = correcting && verdict === 'approve' ? await correction.validateFields().catch(() => null) : undefined;
    if (corrected === null) return;
    const decision = verdict === 'approve' ? ReviewDecision.Approved : ReviewDecision.Rejected;
    await decide(verdict, (reason) => contentAdminApi.auditContribution({ NewsId: c.NewsId, Decision: decision, Reason: reason, ...corrected }));
  };

  const footer = (
    <ReviewFooter underReview={underReview} perm="member:contribution:audit" saving={saving} labels={{ reject: '驳回', approve: '通过并发布' }} onDecide={(verdict) => void review(verdict)} onClose={onClose}>
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
    <FormDialog title={underReview ? '审核投稿' : '投稿详情'} open={open} width={dialogWidth.large} onCancel={onClose} footer={footer} loading={detail.isLoading}>
      {c && (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'company', label: '投稿单位', children: `${c.MemberName}（${c.Account}）` },
              { key: 'menu', label: '所属栏目', children: c.MenuName },
              { key: 'time', label: '提交时间', children: c.SubmitTime },
              { key: 'status', label: '状态', children: <ArticleStatusTag status={c.Status} /> },
              {
                key: 'words',
                label: '敏感词',
                span: 2,
                children: c.SensitiveWords.length ? c.SensitiveWords.map((w) => <Tag key={w.Word} color="red">{`${w.Word} ×${w.Count}`}</Tag>) : '无',
              },
            ]}
          />
          {correcting ? (
            <Form form={correction} layout="vertical" style={{ marginTop: 16 }}>
              <Form.Item name="Title" label="标题" normalize={trimmed} rules={[{ required: true, whitespace: true, message: messages.titleRequired }, { max: 200 }]}>
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
            <RejectReason form={form} perm="member:contribution:audit" name="Reason" label="驳回原因（驳回时必填，将告知投稿会员）" placeholder="请输入驳回原因" message={contributionMessages.reasonRequired} maxLength={200} />
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
