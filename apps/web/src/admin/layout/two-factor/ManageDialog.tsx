import { useState } from 'react';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { messages, totpCodePattern, twoFactorMessages, type TotpRecoveryCodesDto } from '@portal/shared';
import { twoFactorApi } from '../../../api/two-factor';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { adminQueryKeys } from '../../session/queries';
import { FormDialog } from '../../shared/FormDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';

interface ManageDialogProps {
  open: boolean;
  /** The admin's account, named on the recovery codes' sheet. */
  account: string;
  /** The role requires it: it cannot be turned off, only its recovery codes renewed. */
  required: boolean;
  onCancel: () => void;
  /** It was turned off. */
  onTurnedOff: () => void;
}

/** Few enough unused recovery codes to suggest new ones. */
const FEW_CODES_LEFT = 3;

/**
 * 二次验证 while it is on: how many recovery codes are unused, 重新生成恢复码 (new ones shown
 * once, RecoveryCodesDialog; the old stop working) and 关闭二次验证. Both ask the password and a
 * current code from the app, so that a session left open is not enough.
 */
export function ManageDialog({ open, account, required, onCancel, onTurnedOff }: ManageDialogProps) {
  const [form] = Form.useForm<{ Password: string; Code: string }>();
  const { message } = App.useApp();
  const [renewed, setRenewed] = useState<string[] | null>(null);
  // Read at each opening: a sign-in with a recovery code elsewhere uses one up.
  const count = useQuery({ queryKey: [...adminQueryKeys.all, 'recoveryCodeCount'], queryFn: twoFactorApi.recoveryCodeCount, enabled: open, gcTime: 0 });
  const turnOff = useFormSubmit(form, twoFactorApi.turnOff, () => {
    void message.success(twoFactorMessages.turnedOff);
    onTurnedOff();
  });
  const renew = useFormSubmit(form, twoFactorApi.renewRecoveryCodes, ({ RecoveryCodes }: TotpRecoveryCodesDto) => {
    void message.success(twoFactorMessages.recoveryCodesRenewed);
    setRenewed(RecoveryCodes);
    void count.refetch();
  });
  const busy = turnOff.saving || renew.saving;
  const close = () => {
    setRenewed(null);
    onCancel();
  };

  if (renewed) return <RecoveryCodesDialog title="恢复码已重新生成，请保存" open={open} account={account} codes={renewed} onDone={close} />;

  const unused = count.data?.Unused;
  return (
    <FormDialog
      title="二次验证"
      open={open}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="renew" loading={renew.saving} disabled={busy} onClick={() => void renew.submit()}>
          重新生成恢复码
        </Button>,
        !required && (
          <Button key="off" danger loading={turnOff.saving} disabled={busy} onClick={() => void turnOff.submit()}>
            关闭二次验证
          </Button>
        ),
      ]}
    >
      <Alert
        type="success"
        showIcon
        title="二次验证已开启"
        description={required ? twoFactorMessages.requiredCannotTurnOff : '关闭后，登录只需账号和密码，安全性降低。'}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph role="status" aria-label="恢复码">
        {count.data ? `恢复码：还有 ${count.data.Unused} 个未使用（共 ${count.data.Total} 个）` : '恢复码：…'}
        {unused !== undefined && unused <= FEW_CODES_LEFT && <Typography.Text type="warning">，建议重新生成</Typography.Text>}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        重新生成恢复码或关闭二次验证，请输入登录密码和身份验证器显示的动态验证码。重新生成后，原有恢复码全部失效。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} validateTrigger="onBlur">
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
