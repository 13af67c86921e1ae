import { lazy } from 'react';
import { sitePages } from '@portal/shared';
import { usePageTitle } from '../content/usePageTitle';
import { memberRights } from '../../api/rights';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

// Drawn with antd: loaded for members only.
const MyData = lazy(() => import('./MyData').then((m) => ({ default: m.MyData })));

/** /member/data: 我的个人信息, what the association holds about the member, its copy, and requests about it. */
export function MyDataPage() {
  const { title } = sitePages.myData;
  usePageTitle(title);
  return (
    <MembersOnlyPage title={title} invitation="登录后可查看并下载协会保存的您的个人信息，或申请更正、删除。">
      <MyData api={memberRights()} withConsents />
    </MembersOnlyPage>
  );
}
