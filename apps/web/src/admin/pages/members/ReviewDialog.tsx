import { useQuery } from '@tanstack/react-query';
import { Descriptions, Divider, Form, Typography, type DescriptionsProps } from 'antd';
import { ApplyState, dialogWidth, memberLimits, memberMessages, type MemberModelDto } from '@portal/shared';
import { membersAdminApi } from '../../../api/members-admin';
import { FormDialog } from '../../shared/FormDialog';
import { RejectReason, ReviewFooter, useVerdict, type Verdict } from '../../shared/review';
import { ApplyStateTag } from './applyState';
import { Attachment } from './MemberDialog';
import { memberKey } from './keys';
import { ProcessTimeline } from './ProcessTimeline';
import styles from './members.module.css';

const dash = (text: string | number) => (text === '' ? '-' : text);

const describe = (m: MemberModelDto): DescriptionsProps['items'] => [
  { key: 'account', label: '账号', children: m.Account },
  { key: 'name', label: '公司名称', children: m.MemberName },
  { key: 'type', label: '单位归类', children: dash(m.CompanyTypeName) },
  { key: 'level', label: '会员等级', children: dash(m.MemberLevelName) },
  { key: 'legal', label: '负责人', children: dash(m.LegalPerson) },
  { key: 'phone', label: '手机号码', children: dash(m.OperatorPhone) },
  { key: 'email', label: '邮箱', children: dash(m.Email) },
  { key: 'contact', label: '联络人', children: dash(m.DailyOperator) },
  { key: 'ment', label: '单位性质', children: dash(m.CompanyMent) },
  { key: 'address', label: '注册地址', children: dash(m.RegAddress) },
  { key: 'business', label: '主营业务', span: 2, children: dash(m.Mainbusiness) },
  { key: 'remarks', label: '备注', span: 2, children: dash(m.Remarks) },
  { key: 'file', label: '申请材料', span: 2, children: <Attachment url={m.FileUrl} name={m.FileName} /> },
  { key: 'state', label: '审核状态', children: <ApplyStateTag state={m.ApplyState} /> },
  { key: 'applied', label: '申请时间', children: dash(m.ApplyTime) },
];

interface ReviewDialogProps {
  /** The member whose application to show, null when closed. */
  memberId: number | null;
  onClose: () => void;
  /** A decision was saved. */
  onReviewed: () => void;
}

/**
 * 审核 (spec §7 SaveApplyAudit): the application as submitted with its attachment and its
 * review history; while it is under review, 通过 or 不通过 (the reason, which the applicant
 * is shown, is then required).
 */
export function ReviewDialog({ memberId, onClose, onReviewed }: ReviewDialogProps) {
  const [form] = Form.useForm<{ ProcessItemName: string }>();
  const open = memberId !== null;
  const model = useQuery({ queryKey: memberKey(memberId ?? 0), queryFn: () => membersAdminApi.member(memberId!), enabled: open, gcTime: 0 });
  const member = open ? model.data : undefined;
  const underReview = member?.ApplyState === ApplyState.UnderReview;

  const { saving, decide } = useVerdict(form, 'ProcessItemName', onReviewed);
  const review = (verdict: Verdict) => {
    if (!member) return;
    const decided = verdict === 'approve' ? ApplyState.Approved : ApplyState.Rejected;
    void decide(verdict, (reason) => membersAdminApi.review({ MemberId: member.MemberId, ApplyState: decided, ProcessItemName: reason }));
  };

  const footer = (
    <ReviewFooter
      underReview={underReview}
      perm="member:audit"
      saving={saving}
      labels={{ reject: '不通过', approve: '通过' }}
      onDecide={review}
      onClose={onClose}
    />
  );

  return (
    <FormDialog
      title={underReview ? '入会审核' : '入会申请详情'}
      open={open}
      width={dialogWidth.large}
      onCancel={onClose}
      footer={footer}
      loading={model.isLoading}
    >
      {member?.ProcessItemName && (
        <Typography.Paragraph type="danger" className={styles.reason}>
          未通过原因：{member.ProcessItemName}
        </Typography.Paragraph>
      )}
      {member && <Descriptions bordered size="small" column={2} items={describe(member)} />}
      {underReview && (
        <RejectReason
          form={form}
          perm="member:audit"
          name="ProcessItemName"
          label="不通过原因（不通过时必填，将告知申请人）"
          placeholder="请输入审核不通过原因"
          message={memberMessages.reasonRequired}
          maxLength={memberLimits.reason}
        />
      )}
      <Divider titlePlacement="start">审核记录</Divider>
      {memberId !== null && <ProcessTimeline memberId={memberId} />}
    </FormDialog>
  );
}
