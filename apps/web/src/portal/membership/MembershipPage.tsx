import { lazy } from 'react';
import { usePageTitle } from '../content/usePageTitle';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

// Drawn with antd: loaded for members only.
const MyMembership = lazy(() => import('./MyMembership').then((m) => ({ default: m.MyMembership })));

/** /member/membership: the member's 会籍 and how to renew; the renewal e-mails and the header's notice link here. */
export function MembershipPage() {
  usePageTitle('我的会籍');
  return (
    <MembersOnlyPage title="我的会籍" invitation="登录后即可查看会员等级、会费、有效期及续费方式。">
      <MyMembership />
    </MembersOnlyPage>
  );
}
