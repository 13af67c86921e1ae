import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { ApplyState, dialogWidth, editMemberInfoBody, memberLimits, MemberStatus, newPasswordHint, typeKinds, type EditMemberInfoBody } from '@portal/shared';
import { download } from '../../../api/client';
import { membersAdminApi } from '../../../api/members-admin';
import { useTypeOptions } from '../../../components/SearchForm';
import { DirectoryFields } from '../../../portal/member/DirectoryFields';
import { schemaRule } from '../../../portal/member/schemaRule';
import { useAuth } from '../../access/AdminSession';
import { dayValueProps, trimmed } from '../../shared/normalize';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { memberStatusOptions } from './applyState';
import { memberKey } from './keys';
import { MembershipSection } from './MembershipSection';
import { MemberMailings } from '../mailing/MemberMailings';
import styles from './members.module.css';
import { PastDatePicker } from '../../../components/PastDatePicker';
import { DatePicker } from '../../../components/DatePickers';
import { FormDialog } from '../../shared/FormDialog';
import { TextItem } from '../../shared/TextItem';
import { WholeNumberInput } from '../../shared/WholeNumberInput';

/** The form: the EditMemberInfo body plus the member's own switch, saved by EditMemberStatus. */
type Values = EditMemberInfoBody & { Status: number };
type Field = keyof EditMemberInfoBody;

const rule = (field: Field) => [schemaRule(editMemberInfoBody, field)];
/** JoinDate and ExpireDate travel as `yyyy-MM-dd` ('' for none). */
const dateProps = dayValueProps;

interface MemberDialogProps {
  /** The member to edit, 0 to add one, null when closed. */
  memberId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增会员 / 编辑会员信息 (spec §2, §3 "Member record", 1000 px): every field of the record; a
 * member added here joins directly. A rejected application shows its reason in red. The
 * account is fixed once created; on an edit a password entered resets it. An approved member's
 * 会籍 (dues, reminders, card) is shown under the form.
 */
export function MemberDialog({ memberId, onClose, onSaved }: MemberDialogProps) {
  const [form] = Form.useForm<Values>();
  const can = useAuth();
  const open = memberId !== null;
  const isNew = memberId === 0;
  const companyTypes = useTypeOptions(typeKinds.companyType, open);
  const memberLevels = useTypeOptions(typeKinds.memberLevel, open);
  const model = useQuery({ queryKey: memberKey(memberId ?? 0), queryFn: () => membersAdminApi.member(memberId!), enabled: open && !isNew, gcTime: 0 });
  const member = open && !isNew ? model.data : undefined;

  useEffect(() => {
    if (isNew) form.setFieldsValue({ MemberId: 0, Status: MemberStatus.Enabled });
    else if (member) form.setFieldsValue({ ...member, Pwd: '' });
  }, [isNew, member, form]);

  const { submit, saving } = useFormSubmit(
    form,
    async ({ Status, ...values }) => {
      const id = await membersAdminApi.saveMember(editMemberInfoBody.parse({ ...values, MemberId: memberId ?? 0 }));
      const before = member?.Status ?? MemberStatus.Enabled;
      if (can('member:status') && Status !== before) await membersAdminApi.setStatus(id, Status === MemberStatus.Enabled ? 1 : 0);
    },
    onSaved,
  );

  return (
    <FormDialog
      title={isNew ? '新增会员' : '编辑会员信息'}
      open={open}
      width={dialogWidth.large}
      onOk={() => void submit()}
      onCancel={onClose}
      saving={saving}
      loading={!isNew && model.isLoading}
      okDisabled={!isNew && !member}
    >
      {member?.ProcessItemName && (
        <Typography.Paragraph type="danger" className={styles.reason}>
          未通过原因：{member.ProcessItemName}
        </Typography.Paragraph>
      )}
      <Form form={form} labelCol={{ flex: '100px' }} preserve={false} validateTrigger={['onBlur', 'onSubmit']}>
        <Form.Item name="MemberId" hidden>
          <Input />
        </Form.Item>
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item name="Account" label="账号" normalize={trimmed} rules={isNew ? rule('Account') : []}>
              <Input placeholder="3-32位字母、数字或下划线" disabled={!isNew} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="Pwd" label={isNew ? '密码' : '重置密码'} rules={rule('Pwd')} dependencies={['Account']}>
              <Input.Password placeholder={isNew ? newPasswordHint : '不修改请留空'} autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <TextItem name="MemberName" label="公司名称" rules={rule('MemberName')} maxLength={memberLimits.memberName} />
          </Col>
          <Col span={12}>
            <TextItem name="LegalPerson" label="负责人" rules={rule('LegalPerson')} maxLength={memberLimits.legalPerson} />
          </Col>
          <Col span={12}>
            <Form.Item name="CompanyType" label="单位归类" rules={rule('CompanyType')}>
              <Select placeholder="请选择单位归类" options={companyTypes.data} loading={companyTypes.isLoading} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="MemberLevel" label="会员等级" rules={rule('MemberLevel')}>
              <Select placeholder="请选择会员等级" options={memberLevels.data} loading={memberLevels.isLoading} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <TextItem name="OperatorPhone" label="手机号码" rules={rule('OperatorPhone')} maxLength={30} />
          </Col>
          <Col span={12}>
            <TextItem name="Email" label="邮箱" rules={rule('Email')} maxLength={memberLimits.email} />
          </Col>
          <Col span={12}>
            <TextItem name="DailyOperator" label="联络人" rules={rule('DailyOperator')} maxLength={memberLimits.dailyOperator} />
          </Col>
          <Col span={12}>
            <TextItem name="CompanyMent" label="单位性质" rules={rule('CompanyMent')} maxLength={memberLimits.companyMent} />
          </Col>
          <Col span={12}>
            <Form.Item name="RegCapital" label="注册资本" rules={rule('RegCapital')}>
              <WholeNumberInput suffix="万元" placeholder="请输入注册资本" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="StaffCount" label="职工人数" rules={rule('StaffCount')}>
              <WholeNumberInput placeholder="请输入职工人数" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="JoinDate" label="入会日期" rules={rule('JoinDate')} {...dateProps}>
              <PastDatePicker placeholder="请选择入会日期" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ExpireDate" label="会员到期日" rules={rule('ExpireDate')} {...dateProps}>
              <DatePicker placeholder="请选择会员到期日" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <TextItem name="RegAddress" label="注册地址" rules={rule('RegAddress')} maxLength={memberLimits.regAddress} />
          </Col>
          <Col span={12}>
            <Form.Item name="Status" label="状态">
              <Radio.Group options={memberStatusOptions} disabled={!can('member:status')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <TextItem name="Mainbusiness" label="主营业务" rules={rule('Mainbusiness')} maxLength={memberLimits.mainbusiness} maxRows={5} />
          </Col>
          <Col span={24}>
            <TextItem name="Remarks" label="备注" rules={rule('Remarks')} maxLength={memberLimits.remarks} maxRows={5} />
          </Col>
          {/* Staff may list or unlist the company in 会员名录 (normally the member's own choice). */}
          <DirectoryFields rule={rule} />
          <Col span={24}>
            <Form.Item name="FilePath" label="申请材料">
              <Attachment url={member?.FileUrl ?? ''} name={member?.FileName ?? ''} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {member?.ApplyState === ApplyState.Approved && <MembershipSection memberId={member.MemberId} />}
      {member && can('mailing:list') && <MemberMailings memberId={member.MemberId} className={styles.underRecord} />}
    </FormDialog>
  );
}

/** The stored attachment under its original name; a click downloads it with the admin token. */
export function Attachment({ url, name }: { url: string; name: string; value?: string }) {
  return url ? (
    <Typography.Link
      href={url}
      onClick={(event) => {
        event.preventDefault();
        void download(url, name, { side: 'admin' }).catch(() => undefined);
      }}
    >
      {name}
    </Typography.Link>
  ) : (
    <Typography.Text type="secondary">无</Typography.Text>
  );
}
