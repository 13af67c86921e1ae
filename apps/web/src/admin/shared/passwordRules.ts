import type { FormRule } from 'antd';
import { meetsPasswordPolicy, messages, systemMessages } from '@portal/shared';

/** A new password: required, and the server's policy checked here too for quick feedback. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: messages.newPasswordRequired },
  { validator: (_, value: string | undefined) => (!value || meetsPasswordPolicy(value) ? Promise.resolve() : Promise.reject(new Error(systemMessages.passwordPolicy))) },
];

/** The repeated password must equal the field `of`. */
export const confirmPasswordRules = (of: string): FormRule[] => [
  { required: true, message: messages.confirmPasswordRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(messages.passwordMismatch)),
  }),
];
