import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { dialogWidth, messages } from '@portal/shared';
import { membersApi } from '../../api/members';
import { ApplicantDataLink } from '../privacy/ApplicantData';
import type { RejectedApplication } from './ApplyDialog';
import { useMemberSession } from './session';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Runs after a successful login (e.g. continue to the contribution centre). */
  onLoggedIn?: () => void;
  /** A rejected applicant signed in: the application dialog takes over. */
  onRejected: (application: RejectedApplication) => void;
}

interface LoginForm {
  account: string;
  password: string;
}

/**
 * Member login (spec §2 "Member dialogs"): 500 px, not closed by a click outside, the account
 * trimmed. The password goes as typed, uncut: one may begin or end with a space (docs/security.md).
 * An application under review (510) is told so, with the way to the applicant's own data; a rejected one (511) reopens as the
 * application form with the reason, for the applicant to correct and resubmit.
 */
export function LoginDialog({ open, onClose, onLoggedIn, onRejected }: Props) {
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);
  // An application under review: what the server said, and the token that opens the applicant's data.
  const [pending, setPending] = useState<{ message: string; token: string } | null>(null);
  const { setToken } = useMemberSession();
  const { message } = App.useApp();

  const submit = async () => {
    // Invalid fields show their messages under the inputs; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const outcome = await membersApi.login(values.account.trim(), values.password);
      if (outcome.state === 'pending') {
        // Said in the dialog, beside the way to the applicant's data, rather than in a passing toast.
        setPending({ message: outcome.message, token: outcome.applicationToken });
        return;
      }
      if (outcome.state === 'rejected') {
        void message.warning(outcome.message);
        onRejected({ token: outcome.applicationToken, reason: outcome.reason });
        return;
      }
      setToken(outcome.token);
      void message.success(messages.loggedIn);
      onClose();
      onLoggedIn?.();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="会员登录"
      open={open}
      width={dialogWidth.small}
      mask={{ closable: false }}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (visible) return;
        form.resetFields();
        setPending(null);
      }}
      destroyOnHidden
    >
      {pending && <Alert type="info" showIcon style={{ marginTop: 16 }} title={pending.message} description={<ApplicantDataLink token={pending.token} />} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()} style={{ marginTop: 16 }}>
        <Form.Item name="account" label="账号" rules={[{ required: true, whitespace: true, message: messages.accountRequired }]}>
          <Input prefix={<UserOutlined aria-hidden />} placeholder="请输入账号" autoComplete="username" maxLength={50} />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: messages.passwordRequired }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        {/* Enter in either field submits. */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
