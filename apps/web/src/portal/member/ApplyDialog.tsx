import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Select, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { dialogWidth, landlinePattern, messages, mobilePattern, typeKinds, uploadLimits } from '@portal/shared';
import { contentApi } from '../../api/content';
import { memberApi, type ApplyForm } from './memberApi';

type Values = Omit<ApplyForm, 'FilePath'>;

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const required = (message: string) => ({ required: true, whitespace: true, message });
const isPhone = (v: string) => mobilePattern.test(v) || landlinePattern.test(v);

/** A lookup list (company types, member levels) as select options; loaded when the dialog first opens. */
function useTypeOptions(type: number, enabled: boolean) {
  const list = useQuery({ queryKey: ['typeList', type], queryFn: () => contentApi.typeList(type), enabled, staleTime: Infinity });
  return { options: (list.data ?? []).map((t) => ({ value: t.Id, label: t.Name })), loading: list.isLoading };
}

/**
 * 入会申请 (spec §2 "Member dialogs", §5 "Membership application"): the application form
 * with one attachment (at most 10 MB). After a submit the Newpwd query parameter is cleared.
 */
export function ApplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [, setParams] = useSearchParams();
  const { message } = App.useApp();
  const companyTypes = useTypeOptions(typeKinds.companyType, open);
  const memberLevels = useTypeOptions(typeKinds.memberLevel, open);

  const submit = async () => {
    // Invalid fields show their messages under the inputs; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, trim(v)])) as Values;
      await memberApi.applyMember({ ...trimmed, FilePath: files[0]?.response ?? '' });
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
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="CompanyType" label="单位归类" rules={[{ required: true, message: messages.companyTypeRequired }]}>
              <Select placeholder="请选择单位归类" options={companyTypes.options} loading={companyTypes.loading} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="MemberLevel" label="会员等级" rules={[{ required: true, message: messages.memberLevelRequired }]}>
              <Select placeholder="请选择会员等级" options={memberLevels.options} loading={memberLevels.loading} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="MemberName" label="公司名称" rules={[required(messages.companyNameRequired)]}>
              <Input placeholder="请输入公司名称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="LegalPerson" label="负责人" rules={[required(messages.legalPersonRequired)]}>
              <Input placeholder="请输入负责人" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="OperatorPhone"
              label="手机号码"
              rules={[
                required(messages.phoneRequired),
                { validator: (_, v: unknown) => (!trim(v) || isPhone(String(trim(v))) ? Promise.resolve() : Promise.reject(new Error(messages.phoneInvalid))) },
              ]}
            >
              <Input placeholder="请输入手机号码" inputMode="tel" maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Account" label="账号" rules={[required(messages.accountRequired)]}>
              <Input placeholder="请输入账号" autoComplete="username" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="Pwd" label="密码" rules={[required(messages.passwordRequired)]}>
              <Input.Password placeholder="请输入密码" autoComplete="new-password" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="Email" label="邮箱" rules={[required(messages.emailRequired)]}>
              <Input placeholder="请输入邮箱" type="email" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="申请材料">
              <Upload
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
                  memberApi
                    .uploadFile(file as File)
                    .then((url) => {
                      void message.success(messages.uploadOk);
                      onSuccess?.(url);
                    })
                    .catch((err: Error) => {
                      void message.error(messages.uploadFailed);
                      onError?.(err);
                    });
                }}
                onChange={({ fileList }) => setFiles(fileList)}
              >
                <Button icon={<UploadOutlined aria-hidden />}>上传附件</Button>
              </Upload>
            </Form.Item>
            <Alert type="info" showIcon title="支持所有 Office 格式的文件，多个文件请打包成压缩包后上传（不超过 10MB）。" />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
