import { useEffect, useState } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { dialogWidth, messages, totpCodePattern, twoFactorMessages, type TotpSetupDto } from '@portal/shared';
import { twoFactorApi } from '../../../api/two-factor';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { FormDialog } from '../../shared/FormDialog';
import { useLogout } from '../useLogout';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import styles from './two-factor.module.css';

interface EnrolDialogProps {
  open: boolean;
  /** The admin's account, named on the recovery codes' sheet. */
  account: string;
  /** The role requires it: the dialog cannot be dismissed, only left by signing out. */
  required: boolean;
  onCancel: () => void;
  /** It is on and the recovery codes were shown. */
  onDone: () => void;
}

/** The secret in groups of four, as authenticator apps show a typed key. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * 开启二次验证: opening asks the server for a new secret (pending until confirmed), shown as a
 * QR code and as text for typing by hand; the login password and a code from the app turn it
 * on (the password, because a session left open must not be enough; the admin's other sessions
 * then end). The recovery codes then show this once, to copy, download or print
 * (RecoveryCodesDialog): only their hashes are kept.
 */
export function EnrolDialog({ open, account, required, onCancel, onDone }: EnrolDialogProps) {
  const [form] = Form.useForm<{ Password: string; Code: string }>();
  const [setup, setSetup] = useState<TotpSetupDto | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const logout = useLogout();
  const { submit, saving } = useFormSubmit(
    form,
    ({ Password, Code }) => twoFactorApi.confirm({ Password, Code: Code.trim() }),
    (answer) => setCodes(answer.RecoveryCodes),
  );

  useEffect(() => {
    if (!open) return;
    let current = true;
    // A refusal was shown by the API client; there is nothing to enrol then.
    twoFactorApi.begin().then(
      (s) => current && setSetup(s),
      () => current && !required && onCancel(),
    );
    return () => {
      current = false;
      setSetup(null);
      setCodes(null);
    };
    // The dialog's own callbacks may change each render; a new secret is wanted once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (codes) return <RecoveryCodesDialog title="二次验证已开启，请保存恢复码" open={open} account={account} codes={codes} onDone={onDone} />;

  return (
    <FormDialog
      title={required ? '当前角色要求开启二次验证' : '开启二次验证'}
      open={open}
      width={dialogWidth.medium}
      onOk={submit}
      // Required: the only way out is to sign out (Esc does nothing).
      onCancel={required ? () => void logout() : onCancel}
      saving={saving}
      loading={setup === null}
      modal={{ okText: '确认开启', ...(required ? { closable: false, keyboard: false, cancelText: '退出登录' } : {}) }}
    >
      {required && <Alert type="info" showIcon title="完成绑定后才能继续使用后台。" style={{ marginBottom: 16 }} />}
      <div className={styles.setup}>
        {setup ? <img className={styles.qr} src={setup.QrCode} alt="二次验证二维码" /> : <div className={styles.qr} />}
        <div className={styles.steps}>
          <ol>
            <li>在手机上安装身份验证器（如腾讯身份验证器、Microsoft Authenticator、Google Authenticator）。</li>
            <li>用身份验证器扫描二维码；无法扫描时，选择手动输入下面的密钥（基于时间）。</li>
            <li>输入登录密码和身份验证器显示的 6 位动态验证码。开启后，本账号在其他地方的登录将退出。</li>
          </ol>
          <Typography.Paragraph className={styles.secret} copyable={setup ? { text: setup.Secret, tooltips: ['复制密钥', '已复制'] } : false} aria-label="密钥">
            {setup ? grouped(setup.Secret) : '…'}
          </Typography.Paragraph>
          <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
            <Form.Item name="Password" label="登录密码" rules={[{ required: true, message: messages.passwordRequired }]}>
              <Input.Password autoComplete="current-password" placeholder="请输入登录密码" style={{ maxWidth: 280 }} />
            </Form.Item>
            <Form.Item
              name="Code"
              label="动态验证码"
              normalize={(v: string) => v.replace(/\D/g, '')}
              rules={[{ required: true, pattern: totpCodePattern, message: twoFactorMessages.codeNeeded }]}
            >
              <Input placeholder="6 位数字" maxLength={6} inputMode="numeric" autoComplete="one-time-code" style={{ maxWidth: 200 }} />
            </Form.Item>
            {/* Enter in either field sends the form: with two fields a browser submits on Enter only through a submit button (确认开启 is outside the form). */}
            <button type="submit" hidden />
          </Form>
        </div>
      </div>
    </FormDialog>
  );
}
