import { lazy } from 'react';
import { sitePages } from '@portal/shared';
import { usePageTitle } from '../content/usePageTitle';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

// Drawn with antd: loaded for members only.
const Consents = lazy(() => import('./Consents').then((m) => ({ default: m.Consents })));

/** /member/privacy: 隐私与授权, the consents the member gave with their submissions, and withdrawing one. */
export function ConsentsPage() {
  const { title } = sitePages.consents;
  usePageTitle(title);
  return (
    <MembersOnlyPage title={title} invitation="登录后可查看您提交信息时同意的隐私政策授权，并可随时撤回。">
      <Consents />
    </MembersOnlyPage>
  );
}
