import { App, Form, Input, Modal } from 'antd';
import { dialogWidth, messages } from '@portal/shared';
import { systemApi, type PasswordChangeBody } from '../../api/system';
import { confirmPasswordRules, newPasswordRules } from '../shared/passwordRules';
import { useFormSubmit } from '../../components/useFormSubmit';

/**
 * 修改密码 (spec §2 header, §5 rules): old, new and repeated new password, checked on blur and
 * on submit. Opening starts from empty fields; success closes the dialog with 修改成功.
 * `required`: the first sign-in with a password someone else chose (the server refuses every
 * other call until it is changed), so the dialog cannot be dismissed.
 */
export function PasswordDialog({ open, onClose, required = false }: { open: boolean; onClose: () => void; required?: boolean }) {
  const [form] = Form.useForm<PasswordChangeBody>();
  const { message } = App.useApp();
  const { submit, saving } = useFormSubmit(form, systemApi.changePassword, () => {
    void message.success(messages.saved);
    onClose();
  });

  return (
    <Modal
      title={required ? '首次登录，请设置新密码' : '修改密码'}
      open={open}
      width={dialogWidth.small}
      onOk={submit}
      onCancel={required ? undefined : onClose}
      closable={!required}
      cancelButtonProps={required ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {required && <p>当前密码由系统生成或由管理员重置，请设置一个只有您知道的新密码后继续使用后台。</p>}
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
