import type { ComponentProps } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { sitePages } from '@portal/shared';
import { ApiError } from '../../api/client';
import { mailPreferencesApi } from '../../api/mail-preferences';
import buttons from '../../components/button.module.css';
import { SkeletonRows } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';
import { read, unsubscribeTokenOf, type PageData } from '../pageData';
import { mailingQueries } from './queries';
import { mailPreferencesKey } from './preferencesKey';
import styles from './mailings.module.css';

/** Why a link may be refused, and what to do instead; a failed network only asks to try again. */
const refusalHint = (error: Error) =>
  error instanceof ApiError && error.transport
    ? '请检查网络后刷新页面重试。'
    : '链接可能不完整或已过期。请使用最近收到的通知邮件中的链接，或登录后管理通知设置。';

/** One of the page's answers (asked, done, refused), a size smaller on a phone. */
function Answer({ title, ...notice }: ComponentProps<typeof StatusNotice>) {
  return <StatusNotice {...notice} className={styles.answer} title={<span className={styles.answerTitle}>{title}</span>} />;
}

/**
 * /unsubscribe?t=…: where a mailing's 退订 leads (the mail's link, its text footer, {{退订链接}}),
 * for whoever holds the link, signed in or not: the token names the member and the category. The
 * server draws the question (GET Unsubscribe, which changes nothing, so a mail scanner opening the
 * link unsubscribes no one), or its refusal (退订链接无效); 确认退订 posts, and the server's word
 * replaces the question. Drawn without antd, as every public page.
 */
export function UnsubscribePage() {
  const { title } = sitePages.unsubscribe;
  usePageTitle(title);
  const token = unsubscribeTokenOf(useSearchParams()[0]);
  const queryClient = useQueryClient();
  const link = useQuery(mailingQueries.unsubscribeLink(token));
  const confirm = useMutation({
    mutationFn: () => mailPreferencesApi.unsubscribe(token),
    // A signed-in member's 通知设置 shows the category off at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
  const settings = (
    <Link to={sitePages.mailPreferences.path} className={styles.link}>
      管理全部通知设置
    </Link>
  );

  const shown = () => {
    const refusal = link.error ?? confirm.error;
    if (refusal)
      return (
        <Answer
          title={refusal.message}
          text={refusalHint(refusal)}
          actions={
            <>
              {settings}
              <Link to="/home" className={styles.link}>
                返回首页
              </Link>
            </>
          }
        />
      );
    if (!link.data) return <SkeletonRows rows={4} />;
    const category = link.data.Data.CategoryName;
    if (confirm.data)
      return (
        <Answer
          icon={CheckCircleFilled}
          iconClassName={styles.doneIcon}
          title={confirm.data.Message}
          text={`如需重新接收“${category}”类通知，可登录会员账号后在通知设置中开启。`}
          actions={settings}
        />
      );
    return (
      <Answer
        icon={MailOutlined}
        iconClassName={styles.askIcon}
        title={link.data.Message}
        text="退订后，协会将不再向您发送此类通知（电子邮件与站内信），其他类别照常接收。"
        actions={
          <>
            <button
              type="button"
              className={`${buttons.primary} ${buttons.large}`}
              aria-busy={confirm.isPending}
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {confirm.isPending && <Spinner size={14} />}
              确认退订
            </button>
            {settings}
          </>
        }
      />
    );
  };

  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        {/* What the page says changes in place (asked, done, refused): announced as it does. */}
        <div className={styles.unsubscribe} aria-live="polite">
          {shown()}
        </div>
      </Panel>
    </ContentPage>
  );
}

/** /unsubscribe: what the link's token would unsubscribe from (asked for no token too: its refusal is the page's answer). */
export const unsubscribeData: PageData = ({ params }) => ({ queries: [read(mailingQueries.unsubscribeLink(unsubscribeTokenOf(params)))] });
