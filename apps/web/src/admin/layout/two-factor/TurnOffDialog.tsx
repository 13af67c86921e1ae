import { Alert, App, Form, Input } from 'antd';
import { messages, totpCodePattern, twoFactorMessages } from '@portal/shared';
import { twoFactorApi } from '../../../api/two-factor';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { FormDialog } from '../../shared/FormDialog';

interface TurnOffDialogProps {
  open: boolean;
  /** The role requires it: it cannot be turned off, the dialog only says so. */
  required: boolean;
  onCancel: () => void;
  onDone: () => void;
}

/** 关闭二次验证: the password and a current code, so that a session left open is not enough. */
export function TurnOffDialog({ open, required, onCancel, onDone }: TurnOffDialogProps) {
  const [form] = Form.useForm<{ Password: string; Code: string }>();
  const { message } = App.useApp();
  const { submit, saving } = useFormSubmit(form, twoFactorApi.turnOff, () => {
    void message.success(twoFactorMessages.turnedOff);
    onDone();
  });

  if (required) {
    return (
      <FormDialog
        title="二次验证"
        open={open}
        onOk={onCancel}
        onCancel={onCancel}
        saving={false}
        modal={{ okText: '知道了', cancelButtonProps: { style: { display: 'none' } } }}
      >
        <Alert type="success" showIcon title="二次验证已开启" description={twoFactorMessages.requiredCannotTurnOff} />
      </FormDialog>
    );
  }
  return (
    <FormDialog title="关闭二次验证" open={open} onOk={submit} onCancel={onCancel} saving={saving} modal={{ okText: '关闭二次验证' }}>
      <Alert type="warning" showIcon title="二次验证已开启。关闭后，登录只需账号和密码，安全性降低。" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false} validateTrigger="onBlur" onFinish={() => void submit()}>
        <Form.Item name="Password" label="登录密码" rules={[{ required: true, message: messages.passwordRequired }]}>
          <Input.Password autoComplete="current-password" placeholder="请输入登录密码" />
        </Form.Item>
        <Form.Item
          name="Code"
          label="动态验证码"
          normalize={(v: string) => v.replace(/\D/g, '')}
          rules={[{ required: true, pattern: totpCodePattern, message: twoFactorMessages.codeNeeded }]}
        >
          <Input placeholder="身份验证器显示的 6 位数字" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
