import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { sitePages } from '@portal/shared';
import { ApiError } from '../../api/client';
import { mailPreferencesApi } from '../../api/mail-preferences';
import { mailPreferencesKey } from './preferencesKey';
import styles from './mailings.module.css';

/** Why a refused link may be so, and what to do instead; a failed network only asks to try again. */
const refusalHint = (error: Error) =>
  error instanceof ApiError && error.transport
    ? '请检查网络后刷新页面重试。'
    : '链接可能不完整或已过期。请从最近收到的通知邮件中重新打开退订链接，或登录后在通知设置中管理。';

/**
 * The unsubscribe link's page: it says which category the link unsubscribes from (GET
 * Unsubscribe, which changes nothing) and does it on 确认退订 (POST), then shows the server's
 * word. A link altered or expired shows the server's refusal (退订链接无效) in its place.
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['unsubscribe-link', token],
    queryFn: () => mailPreferencesApi.unsubscribeLink(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { browserOnly: true },
  });
  const confirm = useMutation({
    mutationFn: () => mailPreferencesApi.unsubscribe(token),
    // A signed-in member's 通知设置 shows the category off at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
  const settings = (
    <Link to={sitePages.mailPreferences.path} className={styles.settingsLink}>
      管理全部通知设置
    </Link>
  );

  const refused = (error: Error) => (
    <Result
      status="warning"
      title={error.message}
      subTitle={refusalHint(error)}
      extra={
        <div className={styles.actions}>
          {settings}
          <Link to="/home">返回首页</Link>
        </div>
      }
    />
  );

  const shown = () => {
    if (link.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
    if (link.isError) return refused(link.error);
    if (confirm.isError) return refused(confirm.error);
    const { CategoryName } = link.data.Data;
    if (confirm.data)
      return (
        <Result
          status="success"
          title={confirm.data.Message}
          subTitle={`如需重新接收“${CategoryName}”类通知，可登录会员账号后在通知设置中开启。`}
          extra={<div className={styles.actions}>{settings}</div>}
        />
      );
    return (
      <Result
        status="info"
        title={link.data.Message}
        subTitle={`退订后，协会将不再向您发送“${CategoryName}”类通知（电子邮件与站内信），其他类别的通知照常接收。`}
        extra={
          <div className={styles.actions}>
            <Button type="primary" size="large" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              确认退订
            </Button>
            {settings}
          </div>
        }
      />
    );
  };

  // What the page says changes in place (asked, done, refused): announced as it does.
  return (
    <div className={styles.unsubscribe} aria-live="polite">
      {shown()}
    </div>
  );
}
