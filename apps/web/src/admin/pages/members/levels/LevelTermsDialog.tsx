import { Alert, Form, InputNumber, Radio } from 'antd';
import { membershipLimits, membershipTerms, saveMemberLevelTermsBody, type MemberLevelTermsDto, type SaveMemberLevelTermsBody } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { schemaRule } from '../../content/fields';

type TermsForm = Omit<SaveMemberLevelTermsBody, 'LevelId'>;

const termOptions = Object.entries(membershipTerms).map(([value, label]) => ({ value, label }));
const approvalOptions = [
  { value: true, label: '需审核' },
  { value: false, label: '免审核' },
];
const { shape } = saveMemberLevelTermsBody;

const formValues = (level: MemberLevelTermsDto | null): TermsForm => ({
  AnnualFee: level?.AnnualFee ?? 0,
  Term: level?.Term ?? 'year',
  GraceDays: level?.GraceDays ?? 30,
  NeedsApproval: level?.NeedsApproval ?? true,
});

/** 修改会费标准 of one level: 年费, 会籍期限, 宽限期, 入会审核. */
export function LevelTermsDialog({ editing, ...props }: EditDialogProps<MemberLevelTermsDto>) {
  return (
    <RecordDialog<MemberLevelTermsDto, TermsForm>
      noun={`会费标准${editing && editing !== 'new' ? `（${editing.LevelName}）` : ''}`}
      editing={editing}
      values={formValues}
      save={(values, level) => membershipAdminApi.saveLevelTerms({ ...values, LevelId: level?.LevelId ?? 0 })}
      {...props}
    >
      {/* Said before the save, so no one expects the change to reach members who have paid. */}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="已有会员的有效期至不变，新的标准自其下次缴费起适用。" />
      <Form.Item name="AnnualFee" label="年费" rules={[schemaRule(shape.AnnualFee)]}>
        <InputNumber<number>
          min={0}
          max={membershipLimits.maxAmount}
          precision={2}
          controls={false}
          suffix="元"
          style={{ width: '100%' }}
          placeholder="0 表示不收会费"
        />
      </Form.Item>
      <Form.Item name="Term" label="会籍期限" rules={[schemaRule(shape.Term)]} extra="一年：自缴费起算满一年；至当年年底：到12月31日为止（12月缴费计入次年）">
        <Radio.Group options={termOptions} />
      </Form.Item>
      <Form.Item name="GraceDays" label="宽限期" rules={[schemaRule(shape.GraceDays)]} extra="有效期至之后仍保留会员服务的天数">
        <InputNumber<number> min={0} max={membershipLimits.maxGraceDays} precision={0} controls={false} suffix="天" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="NeedsApproval" label="入会审核">
        <Radio.Group options={approvalOptions} />
      </Form.Item>
    </RecordDialog>
  );
}
