import { lazy } from 'react';
import { MembersOnlyPage } from '../member/MembersOnlyPage';
import { usePageTitle } from '../content/usePageTitle';

// Drawn with antd: loaded for members only.
const ContributionList = lazy(() => import('../contribute/ContributionList').then((m) => ({ default: m.ContributionList })));

/**
 * 投稿中心 (spec §2 Contribution centre): a member's own articles with their review state, and
 * the dialog to submit or revise one. Visitors without a member session are asked to log in.
 */
export function ContributePage() {
  usePageTitle('我要投稿');
  return (
    <MembersOnlyPage title="投稿中心" invitation="投稿仅面向协会会员，登录后即可在此提交稿件并查看审核进度。" inGoodStanding>
      <ContributionList />
    </MembersOnlyPage>
  );
}
