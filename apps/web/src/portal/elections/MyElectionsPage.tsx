import { lazy } from 'react';
import { usePageTitle } from '../content/usePageTitle';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

// Drawn with antd: loaded for members only.
const MyElections = lazy(() => import('./MyElections').then((m) => ({ default: m.MyElections })));

/** /member/election: the elections the member may nominate in or vote in. */
export function MyElectionsPage() {
  usePageTitle('换届选举');
  return (
    <MembersOnlyPage title="换届选举" invitation="登录后即可查看您可参加的选举，在提名期内提名候选人，在投票期内投票。">
      <MyElections />
    </MembersOnlyPage>
  );
}
