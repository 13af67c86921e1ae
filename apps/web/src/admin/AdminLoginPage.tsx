import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { messages } from '@portal/shared';
import { systemApi } from '../api/system';
import { useSiteInfo } from '../portal/layout/useSiteInfo';
import { Icon } from '../components/Icon';
import { Spinner } from '../components/Spinner';
import { inputActionClass } from '../components/TextInput';
import buttons from '../components/button.module.css';
import { toast } from '../components/toast';
import { useCheckedFields, type FieldErrors } from '../components/useCheckedFields';
import { useSessionNotice } from '../components/useSessionNotice';
import { LoginField } from './login/LoginField';
import { SecondFactorStep } from './login/SecondFactorStep';
import { useCaptcha } from './login/useCaptcha';
import { adminToken } from './session/token';
import { adminQueryKeys } from './session/queries';
import { shellBase } from './routes/menuTree';
import styles from './login/login.module.css';

interface LoginForm {
  Account: string;
  Password: string;
  TreeCode: string;
}

const emptyForm: LoginForm = { Account: '', Password: '', TreeCode: '' };

function validate(values: LoginForm): FieldErrors<LoginForm> {
  const errors: FieldErrors<LoginForm> = {};
  if (!values.Account.trim()) errors.Account = messages.accountRequired;
  if (!values.Password) errors.Password = messages.passwordRequired;
  if (!values.TreeCode.trim()) errors.TreeCode = messages.captchaRequired;
  return errors;
}

/**
 * The back-office sign-in (spec §2 /login): account, password and the image captcha; Enter
 * submits. Success keeps the token and opens /System; a failure shows the server's reason and
 * draws a new captcha, since its ticket was used up.
 *
 * Drawn without antd, so the sign-in page loads only what it shows (antd arrives with the back
 * office after signing in).
 */
export function AdminLoginPage() {
  // spec §2: a visit with an admin token goes straight to the back office (whose guard checks it).
  return adminToken.get() ? <Navigate to={shellBase} replace /> : <LoginScreen />;
}

function LoginScreen() {
  const navigate = useNavigate();
  useSessionNotice('admin');
  const site = useSiteInfo();
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  const { values, errors, set, check, reset } = useCheckedFields(emptyForm, validate);
  const [passwordShown, setPasswordShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Set when the password was right and the account has a second factor: the code is asked next.
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (token: string) => {
    adminToken.set(token);
    // Nothing cached for an earlier sign-in (lists, menus) may show in this one.
    queryClient.removeQueries({ queryKey: adminQueryKeys.all });
    toast('success', messages.loggedIn);
    navigate(shellBase, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check() || submitting) return;
    setSubmitting(true);
    try {
      const outcome = await systemApi.login({
        Account: values.Account.trim(),
        Password: values.Password,
        TreeCode: values.TreeCode.trim(),
        FullName: captcha.ticket,
      });
      if (outcome.ticket === undefined) signedIn(outcome.token);
      else setChallenge(outcome.ticket);
    } catch {
      // The server's reason is shown by the API client; the used ticket needs a new captcha.
      reset((v) => ({ ...v, TreeCode: '' }));
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  // Back to the password (the ticket expired or was used up): its captcha ticket is spent too.
  const restart = () => {
    setChallenge(null);
    reset((v) => ({ ...v, Password: '', TreeCode: '' }));
    captcha.refresh();
  };

  const name = site.data?.Name ?? '';
  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <section className={styles.brand} aria-label="协会">
          <img className={styles.emblem} src="/emblem.svg" alt="协会会徽" width={96} height={96} />
          <h1 className={`${styles.name} serif-title`}>{name || '\u00a0'}</h1>
          {site.data?.EnglishName && <p className={styles.english}>{site.data.EnglishName}</p>}
          <p className={styles.system}>后台管理系统</p>
        </section>
        {challenge !== null ? (
          <SecondFactorStep ticket={challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : (
          <section className={styles.panel}>
            <h2 className={styles.title}>管理员登录</h2>
            <p className={styles.subtitle}>请使用管理员账号登录后台管理系统</p>
            <form noValidate autoComplete="off" onSubmit={(e) => void submit(e)}>
              <LoginField
                icon={UserOutlined}
                error={errors.Account}
                value={values.Account}
                onChange={set('Account')}
                placeholder="账号"
                aria-label="账号"
                autoFocus
                autoComplete="username"
              />
              <LoginField
                icon={LockOutlined}
                error={errors.Password}
                type={passwordShown ? 'text' : 'password'}
                value={values.Password}
                onChange={set('Password')}
                placeholder="密码"
                aria-label="密码"
                autoComplete="current-password"
                suffix={
                  <button
                    type="button"
                    className={inputActionClass}
                    aria-label={passwordShown ? '隐藏密码' : '显示密码'}
                    aria-pressed={passwordShown}
                    onClick={() => setPasswordShown((shown) => !shown)}
                  >
                    <Icon icon={passwordShown ? EyeOutlined : EyeInvisibleOutlined} />
                  </button>
                }
              />
              <div className={styles.captchaRow}>
                <LoginField
                  icon={SafetyOutlined}
                  error={errors.TreeCode}
                  value={values.TreeCode}
                  onChange={set('TreeCode')}
                  placeholder="验证码"
                  aria-label="验证码"
                  maxLength={8}
                />
                <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击刷新" aria-label="验证码图片，点击刷新">
                  {captcha.image ? <img src={captcha.image} alt="验证码" /> : captcha.loading ? <Spinner /> : <Icon icon={ReloadOutlined} />}
                </button>
              </div>
              <button type="submit" className={`${buttons.primary} ${buttons.large} ${styles.submit}`} aria-busy={submitting}>
                {submitting && <Spinner size={14} />}登 录
              </button>
            </form>
          </section>
        )}
      </main>
      <footer className={styles.footer}>{site.data?.Copyright ?? (name && `© ${name}`)}</footer>
    </div>
  );
}
