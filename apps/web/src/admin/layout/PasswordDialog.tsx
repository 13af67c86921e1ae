import { App, Form, Input, Modal } from 'antd';
import { dialogWidth, messages } from '@portal/shared';
import { systemApi, type PasswordChangeBody } from '../../api/system';
import { confirmPasswordRules, newPasswordRules } from '../shared/passwordRules';
import { useFormSubmit } from '../../components/useFormSubmit';

/**
 * 修改密码 (spec §2 header, §5 rules): old, new and repeated new password, checked on blur and
 * on submit. Opening starts from empty fields; success closes the dialog with 修改成功.
 */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordChangeBody>();
  const { message } = App.useApp();
  const { submit, saving } = useFormSubmit(form, systemApi.changePassword, () => {
    void message.success(messages.saved);
    onClose();
  });

  return (
    <Modal
      title="修改密码"
      open={open}
      width={dialogWidth.small}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false}>
        <Form.Item name="Password" label="旧密码" rules={[{ required: true, message: messages.oldPasswordRequired }]}>
          <Input.Password autoComplete="current-password" placeholder="请输入旧密码" />
        </Form.Item>
        <Form.Item name="Newpwd" label="新密码" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item
          name="againNewpwd"
          label="确认新密码"
          dependencies={['Newpwd']}
          rules={confirmPasswordRules('Newpwd')}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
