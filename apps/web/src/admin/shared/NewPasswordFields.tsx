import { Form, Input, type FormRule } from 'antd';
import { messages, passwordProblem } from '@portal/shared';

/** Whose password it is: the account itself, or the form's field that holds it. */
export type PasswordAccount = string | { field: string };

/**
 * A new password: required, and the server's policy checked here too for quick feedback (the
 * length and the account; the list of common passwords only the server holds).
 */
const newPasswordRules = (account: PasswordAccount): FormRule[] => [
  { required: true, message: messages.newPasswordRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      const problem = value ? passwordProblem(value, typeof account === 'string' ? account : String(getFieldValue(account.field) ?? '')) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  }),
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
 * the policy and the match are checked as the form's fields are left. No length limit on the
 * input: a pasted password is never cut short, a long one is refused with its message.
 */
export function NewPasswordFields({ password, confirm, account }: { password: PasswordField; confirm: PasswordField; account: PasswordAccount }) {
  return (
    <>
      <Form.Item
        name={password.name}
        label={password.label}
        rules={newPasswordRules(account)}
        dependencies={typeof account === 'string' ? undefined : [account.field]}
      >
        <Input.Password placeholder={password.placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name={confirm.name} label={confirm.label} dependencies={[password.name]} rules={confirmPasswordRules(password.name)}>
        <Input.Password placeholder={confirm.placeholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
