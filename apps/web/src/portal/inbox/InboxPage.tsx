import { lazy } from 'react';
import { sitePages } from '@portal/shared';
import { MembersOnlyPage } from '../member/MembersOnlyPage';
import { usePageTitle } from '../content/usePageTitle';

// The member's list: loaded for members only, drawn without antd.
const InboxList = lazy(() => import('./InboxList').then((m) => ({ default: m.InboxList })));

/** /member/inbox: 站内信, the messages the association sent the member. */
export function InboxPage() {
  const { title } = sitePages.inbox;
  usePageTitle(title);
  return (
    <MembersOnlyPage title={title} invitation="站内信是协会发给会员的通知，登录后即可查看。" withAntd={false}>
      <InboxList />
    </MembersOnlyPage>
  );
}
