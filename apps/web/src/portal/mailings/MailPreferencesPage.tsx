import { lazy } from 'react';
import { sitePages } from '@portal/shared';
import { usePageTitle } from '../content/usePageTitle';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

// Drawn with antd: loaded for members only.
const MailPreferences = lazy(() => import('./MailPreferences').then((m) => ({ default: m.MailPreferences })));

/** /member/notifications: 通知设置, the categories of 会员通知 the member receives; the unsubscribe page links here. */
export function MailPreferencesPage() {
  const { title } = sitePages.mailPreferences;
  usePageTitle(title);
  return (
    <MembersOnlyPage title={title} invitation="登录后即可选择接收哪些类别的会员通知。">
      <MailPreferences />
    </MembersOnlyPage>
  );
}
