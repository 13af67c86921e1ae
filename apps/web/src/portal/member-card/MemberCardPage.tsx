import { lazy } from 'react';
import { MembersOnlyPage } from '../member/MembersOnlyPage';
import { usePageTitle } from '../content/usePageTitle';

// Drawn with antd: loaded for members only.
const MemberCardView = lazy(() => import('./MemberCardView').then((m) => ({ default: m.MemberCardView })));

/** /member/card: the member's electronic membership card (电子会员证), to show and download. */
export function MemberCardPage() {
  usePageTitle('电子会员证');
  return (
    <MembersOnlyPage title="电子会员证" invitation="电子会员证仅面向协会会员，登录后即可查看和下载。">
      <MemberCardView />
    </MembersOnlyPage>
  );
}
