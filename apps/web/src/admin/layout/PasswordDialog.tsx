import { App, Form, Input } from 'antd';
import { messages, newPasswordHint } from '@portal/shared';
import { systemApi, type PasswordChangeBody } from '../../api/system';
import { NewPasswordFields } from '../shared/NewPasswordFields';
import { useFormSubmit } from '../../components/useFormSubmit';
import { FormDialog } from '../shared/FormDialog';

/**
 * 修改密码 (spec §2 header, §5 rules): old, new and repeated new password, checked on blur and
 * on submit. Opening starts from empty fields; success closes the dialog with 修改成功.
 * `required`: the server refuses every other call until the password is changed, so the dialog
 * cannot be dismissed: 'initial' for a password someone else chose, 'expired' once the role's
 * 密码有效期 ran out.
 */
const requiredTexts = {
  initial: { title: '首次登录，请设置新密码', why: '当前密码由系统生成或由管理员重置，请设置一个只有您知道的新密码后继续使用后台。' },
  expired: { title: '密码已过期，请设置新密码', why: '您的密码已超过所在角色规定的有效期，请设置一个新密码后继续使用后台。' },
};

export function PasswordDialog({
  open,
  onClose,
  account,
  required,
}: {
  open: boolean;
  onClose: () => void;
  account: string;
  required?: keyof typeof requiredTexts;
}) {
  const [form] = Form.useForm<PasswordChangeBody>();
  const { message } = App.useApp();
  const { submit, saving } = useFormSubmit(form, systemApi.changePassword, () => {
    void message.success(messages.saved);
    onClose();
  });

  return (
    <FormDialog
      title={required ? requiredTexts[required].title : '修改密码'}
      open={open}
      onOk={submit}
      // A required change cannot be dismissed: no close button, no 取消, and Esc does nothing.
      onCancel={required ? () => undefined : onClose}
      saving={saving}
      modal={required ? { closable: false, cancelButtonProps: { style: { display: 'none' } } } : undefined}
    >
      {required && <p>{requiredTexts[required].why}</p>}
      <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false}>
        <Form.Item name="Password" label="旧密码" rules={[{ required: true, message: messages.oldPasswordRequired }]}>
          <Input.Password autoComplete="current-password" placeholder="请输入旧密码" />
        </Form.Item>
        <NewPasswordFields
          password={{ name: 'Newpwd', label: '新密码', placeholder: newPasswordHint }}
          confirm={{ name: 'againNewpwd', label: '确认新密码', placeholder: '请再次输入新密码' }}
          account={account}
        />
      </Form>
    </FormDialog>
  );
}
