import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Select, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  applyMemberForm,
  dialogWidth,
  memberLimits,
  memberMessages,
  messages,
  typeKinds,
  uploadLimits,
  type ApplyMemberForm,
  type MemberProfileDto,
} from '@portal/shared';
import { download } from '../../api/client';
import { contentApi } from '../../api/content';
import { membersApi } from '../../api/members';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import { ApplicantDataLink } from '../privacy/ApplicantData';
import { CompanyDetailFields } from './CompanyDetailFields';
import { schemaRule } from './schemaRule';

/** A rejected application reopened from the login dialog (GetLoginToken Code 511). */
export interface RejectedApplication {
  /** The application token: loads the application and makes the submit a resubmission. */
  token: string;
  reason: string;
}

type Values = Omit<ApplyMemberForm, 'FilePath'>;

const rule = (field: keyof Values) => [schemaRule(applyMemberForm, field)];
/** The file types UploadFile takes (features/uploads/checks.ts memberAttachment). */
const accept = '.doc,.docx,.xls,.xlsx,.ppt,.pptx,.pdf,.txt,.zip,.rar';

/** A lookup list (company types, member levels) as select options; loaded when the dialog first opens. */
function useTypeOptions(type: number, enabled: boolean) {
  const list = useQuery({ queryKey: ['typeList', type], queryFn: () => contentApi.typeList(type), enabled, staleTime: Infinity });
  return { options: (list.data ?? []).map((t) => ({ value: t.Id, label: t.Name })), loading: list.isLoading };
}

/**
 * The stored attachment of an application as the upload list shows it: its original name,
 * linked to the guarded download (GetApplyFile), which the list's onPreview fetches with the
 * application token.
 */
const storedFile = (application: MemberProfileDto): UploadFile[] =>
  application.FilePath
    ? [{ uid: application.FilePath, name: application.FileName, status: 'done', url: application.FileUrl, response: application.FilePath }]
    : [];

/**
 * 入会申请 (spec §2 "Member dialogs", §5 "Membership application"): the application form with
 * one attachment (at most 10 MB), checked with the server's schema. Given a rejected
 * application it shows the reason, starts from the application as submitted and resubmits it
 * (the account stays; the password is entered again). After a submit the Newpwd query
 * parameter is cleared.
 */
export function ApplyDialog({ open, onClose, rejected }: { open: boolean; onClose: () => void; rejected?: RejectedApplication }) {
  const [form] = Form.useForm<Values>();
  const consent = usePrivacyConsent();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [, setParams] = useSearchParams();
  const { message } = App.useApp();
  const companyTypes = useTypeOptions(typeKinds.companyType, open);
  const memberLevels = useTypeOptions(typeKinds.memberLevel, open);
  const previous = useQuery({
    queryKey: ['memberApplication', rejected?.token],
    queryFn: () => membersApi.application(rejected!.token),
    enabled: open && rejected !== undefined,
    gcTime: 0,
  });

  const application = open ? previous.data : undefined;
  useEffect(() => {
    if (!application) return;
    form.setFieldsValue({ ...application, Pwd: '' });
    setFiles(storedFile(application));
  }, [application, form]);

  const submit = async () => {
    // Invalid fields show their messages under the inputs; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const filePath = files.find((f) => f.status === 'done')?.response as string | undefined;
      await consent.sendWith((PrivacyVersion) =>
        membersApi.apply(applyMemberForm.parse({ ...values, FilePath: filePath ?? '', PrivacyVersion }), rejected?.token),
      );
      void message.success(messages.submitted);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('Newpwd');
          return next;
        },
        { replace: true },
      );
      onClose();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="入会申请"
      open={open}
      width={dialogWidth.medium}
      mask={{ closable: false }}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          form.resetFields();
          setFiles([]);
          consent.field.onChange(false);
        }
      }}
      destroyOnHidden
    >
      {rejected && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={`未通过原因：${rejected.reason || '—'}`}
          description={
            <>
              请修改后重新提交，提交后将重新进入审核。
              <ApplicantDataLink token={rejected.token} />
            </>
          }
        />
      )}
      <Form form={form} layout="vertical" validateTrigger={['onBlur', 'onSubmit']} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="CompanyType" label="单位归类" rules={rule('CompanyType')} validateTrigger={['onChange', 'onSubmit']}>
              <Select placeholder="请选择单位归类" options={companyTypes.options} loading={companyTypes.loading} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="MemberLevel" label="会员等级" rules={rule('MemberLevel')} validateTrigger={['onChange', 'onSubmit']}>
              <Select placeholder="请选择会员等级" options={memberLevels.options} loading={memberLevels.loading} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="MemberName" label="公司名称" rules={rule('MemberName')}>
              <Input placeholder="请输入公司名称" maxLength={memberLimits.memberName} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="LegalPerson" label="负责人" rules={rule('LegalPerson')}>
              <Input placeholder="请输入负责人" maxLength={memberLimits.legalPerson} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="OperatorPhone" label="手机号码" rules={rule('OperatorPhone')}>
              <Input placeholder="请输入手机号码" inputMode="tel" maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Account" label="账号" rules={rule('Account')}>
              <Input placeholder="请输入账号" autoComplete="username" maxLength={32} disabled={rejected !== undefined} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Pwd" label="密码" rules={rule('Pwd')} dependencies={['Account']}>
              <Input.Password placeholder="请输入密码" autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Email" label="邮箱" rules={rule('Email')}>
              <Input placeholder="请输入邮箱" type="email" maxLength={memberLimits.email} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="DailyOperator" label="联络人" rules={rule('DailyOperator')}>
              <Input placeholder="请输入联络人" maxLength={memberLimits.dailyOperator} />
            </Form.Item>
          </Col>
          <CompanyDetailFields rule={rule} />
          <Col span={24}>
            <Form.Item label="申请材料" extra={memberMessages.attachmentHint}>
              <Upload
                accept={accept}
                fileList={files}
                maxCount={1}
                beforeUpload={(file) => {
                  if (file.size > uploadLimits.attachment) {
                    void message.error(messages.attachmentTooLarge);
                    return Upload.LIST_IGNORE;
                  }
                  return true;
                }}
                customRequest={({ file, onSuccess, onError }) => {
                  // Through the API client: it adds the token header, if any, and shows a refusal.
                  membersApi
                    .uploadFile(file as File)
                    .then((path) => {
                      void message.success(messages.uploadOk);
                      onSuccess?.(path);
                    })
                    .catch((err: Error) => onError?.(err));
                }}
                onChange={({ fileList }) => setFiles(fileList)}
                onPreview={(file) => {
                  // Only the stored attachment has an address; a file just chosen is still on this computer.
                  if (file.url) void download(file.url, file.name, { token: rejected?.token }).catch(() => undefined);
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />}>上传附件</Button>
              </Upload>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <PrivacyConsent {...consent.field} />
    </Modal>
  );
}
