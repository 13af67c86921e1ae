import { useState, type FormEvent } from 'react';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import { twoFactorMessages } from '@portal/shared';
import { ApiError } from '../../api/client';
import { twoFactorApi } from '../../api/two-factor';
import { Spinner } from '../../components/Spinner';
import buttons from '../../components/button.module.css';
import { LoginField } from './LoginField';
import styles from './login.module.css';

/** Answers that leave the ticket usable: anything else (expired, locked) means starting again. */
const retryable: readonly string[] = [twoFactorMessages.codeInvalid, twoFactorMessages.codeReused, twoFactorMessages.recoveryCodeUsed];

/**
 * The second step of the sign-in, for an account with the second factor on: the 6-digit code
 * from the authenticator app, or one of the recovery codes. Enter submits. A ticket that can no
 * longer be used (expired after 5 minutes, or the account locked) leads back to the password.
 */
export function SecondFactorStep({ ticket, onSignedIn, onRestart }: { ticket: string; onSignedIn: (token: string) => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (recovery ? !typed : !/^\d{6}$/.test(typed)) {
      setError(recovery ? '请输入恢复码' : twoFactorMessages.codeNeeded);
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    try {
      onSignedIn(await twoFactorApi.login({ Ticket: ticket, Code: typed }));
    } catch (failure) {
      // The API client has shown the server's reason.
      if (failure instanceof ApiError && !retryable.includes(failure.message)) onRestart();
      else setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  const type = (value: string) => {
    setCode(recovery ? value : value.replace(/\D/g, ''));
    setError(undefined);
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(undefined);
  };

  return (
    <section className={styles.panel}>
      <h2 className={styles.title}>二次验证</h2>
      <p className={styles.subtitle}>{recovery ? '请输入绑定时保存的恢复码，每个恢复码只能使用一次' : '请打开手机上的身份验证器，输入显示的 6 位动态验证码'}</p>
      <form noValidate autoComplete="off" onSubmit={(e) => void submit(e)}>
        {recovery ? (
          <LoginField
            key="recovery"
            icon={KeyOutlined}
            error={error}
            value={code}
            onChange={type}
            placeholder="恢复码，如 abcde-23456"
            aria-label="恢复码"
            autoFocus
            maxLength={32}
          />
        ) : (
          <LoginField
            key="totp"
            icon={MobileOutlined}
            error={error}
            value={code}
            onChange={type}
            placeholder="6 位动态验证码"
            aria-label="动态验证码"
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        )}
        <button type="submit" className={`${buttons.primary} ${buttons.large} ${styles.submit}`} aria-busy={submitting}>
          {submitting && <Spinner size={14} />}验 证
        </button>
      </form>
      <div className={styles.stepLinks}>
        <button type="button" className={styles.linkButton} onClick={switchMode}>
          {recovery ? '使用动态验证码' : '手机不在身边？使用恢复码'}
        </button>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          返回重新登录
        </button>
      </div>
    </section>
  );
}
