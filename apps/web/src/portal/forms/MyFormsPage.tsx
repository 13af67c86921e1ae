import { lazy } from 'react';
import { sitePages } from '@portal/shared';
import { usePageTitle } from '../content/usePageTitle';
import { MembersOnlyPage } from '../member/MembersOnlyPage';

const MyFormResponses = lazy(() => import('./MyFormResponses').then((m) => ({ default: m.MyFormResponses })));

/** /member/forms: the forms, surveys and votes the member has answered, each answer viewable. */
export function MyFormsPage() {
  usePageTitle(sitePages.myForms.title);
  return (
    <MembersOnlyPage title={sitePages.myForms.title} invitation="登录后即可查看您提交过的表单、问卷与投票。">
      <MyFormResponses />
    </MembersOnlyPage>
  );
}
