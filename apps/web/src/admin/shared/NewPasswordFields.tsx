import { Form, Input, type FormRule } from 'antd';
import { meetsPasswordPolicy, messages, systemMessages } from '@portal/shared';

/** A new password: required, and the server's policy checked here too for quick feedback. */
const newPasswordRules: FormRule[] = [
  { required: true, message: messages.newPasswordRequired },
  { validator: (_, value: string | undefined) => (!value || meetsPasswordPolicy(value) ? Promise.resolve() : Promise.reject(new Error(systemMessages.passwordPolicy))) },
];

/** The repeated password must equal the field `of`. */
const confirmPasswordRules = (of: string): FormRule[] => [
  { required: true, message: messages.confirmPasswordRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(messages.passwordMismatch)),
  }),
];

interface PasswordField {
  name: string;
  label: string;
  placeholder: string;
}

/**
 * A new password and the same typed again (修改密码, 重置密码, a new administrator's 登录密码):
 * the policy and the match are checked as the form's fields are left.
 */
export function NewPasswordFields({ password, confirm }: { password: PasswordField; confirm: PasswordField }) {
  return (
    <>
      <Form.Item name={password.name} label={password.label} rules={newPasswordRules}>
        <Input.Password placeholder={password.placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name={confirm.name} label={confirm.label} dependencies={[password.name]} rules={confirmPasswordRules(password.name)}>
        <Input.Password placeholder={confirm.placeholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
