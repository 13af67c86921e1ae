import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { messages } from '@portal/shared';
import { systemApi } from '../api/system';
import { useSiteInfo } from '../portal/layout/useSiteInfo';
import { useCaptcha } from './login/useCaptcha';
import { adminToken } from './session/token';
import { adminQueryKeys } from './session/queries';
import { shellBase } from './routes/menuTree';
import styles from './login/login.module.css';
import { trimmed } from './shared/normalize';
import { useSessionNotice } from '../components/useSessionNotice';

interface LoginForm {
  Account: string;
  Password: string;
  TreeCode: string;
}

/**
 * The back-office sign-in (spec §2 /login): account, password and the image captcha; Enter
 * submits. Success keeps the token and opens /System; a failure shows the server's reason and
 * draws a new captcha, since its ticket was used up.
 */
export function AdminLoginPage() {
  // spec §2: a visit with an admin token goes straight to the back office (whose guard checks it).
  return adminToken.get() ? <Navigate to={shellBase} replace /> : <LoginScreen />;
}

function LoginScreen() {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  useSessionNotice('admin');
  const site = useSiteInfo();
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const token = await systemApi.login({ ...values, FullName: captcha.ticket });
      adminToken.set(token);
      // Nothing cached for an earlier sign-in (lists, menus) may show in this one.
      queryClient.removeQueries({ queryKey: adminQueryKeys.all });
      void message.success(messages.loggedIn);
      navigate(shellBase, { replace: true });
    } catch {
      form.setFieldValue('TreeCode', '');
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
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
        <section className={styles.panel}>
          <h2 className={styles.title}>管理员登录</h2>
          <p className={styles.subtitle}>请使用管理员账号登录后台管理系统</p>
          <Form<LoginForm> form={form} size="large" onFinish={submit} autoComplete="off" requiredMark={false}>
            <Form.Item name="Account" normalize={trimmed} rules={[{ required: true, whitespace: true, message: messages.accountRequired }]}>
              <Input prefix={<UserOutlined />} placeholder="账号" aria-label="账号" autoFocus autoComplete="username" />
            </Form.Item>
            <Form.Item name="Password" rules={[{ required: true, message: messages.passwordRequired }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="current-password" />
            </Form.Item>
            <div className={styles.captchaRow}>
              <Form.Item name="TreeCode" normalize={trimmed} className={styles.captchaInput} rules={[{ required: true, whitespace: true, message: messages.captchaRequired }]}>
                <Input prefix={<SafetyOutlined />} placeholder="验证码" aria-label="验证码" maxLength={8} />
              </Form.Item>
              <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击刷新" aria-label="验证码图片，点击刷新">
                {captcha.image ? <img src={captcha.image} alt="验证码" /> : <ReloadOutlined spin={captcha.loading} />}
              </button>
            </div>
            <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
              登 录
            </Button>
          </Form>
        </section>
      </main>
      <footer className={styles.footer}>{site.data?.Copyright ?? (name && `© ${name}`)}</footer>
    </div>
  );
}
