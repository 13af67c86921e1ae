import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formMessages } from '@portal/shared';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';
import { formIdOf, isPositiveId, read, type PageData } from '../pageData';
import { formQueries } from './queries';
import { FormScreen } from './FormScreen';

/**
 * /form/:id: a form, survey or vote on a page of its own, the address articles link to (and
 * embed: content/articleForms.ts). Drawn on the server as a visitor sees it, afresh for every
 * request (it opens, closes and fills up); a member's browser reads it again with the session.
 */
export function FormPage() {
  const formId = formIdOf(useLocation().pathname);
  const form = useQuery({ ...formQueries.publicForm(formId), enabled: isPositiveId(formId) });
  usePageTitle(form.data?.Title ?? (form.isError ? formMessages.notFound : undefined));
  const title = form.data?.Title ?? (form.isPending ? '' : formMessages.notFound);
  return (
    <ContentPage>
      <Panel title={title || '\u00a0'} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        {form.data ? (
          <FormScreen form={form.data} />
        ) : form.isPending && isPositiveId(formId) ? (
          <SkeletonRows rows={8} />
        ) : (
          <StatusNotice title={form.error?.message ?? formMessages.notFound} text="该表单可能已被删除，或链接地址有误。" />
        )}
      </Panel>
    </ContentPage>
  );
}

/** /form/:id: the form as a visitor sees it, then its results when they are open. */
export const formData: PageData = ({ pathname }) => {
  const formId = formIdOf(pathname);
  if (!isPositiveId(formId)) return { queries: [] };
  const form = formQueries.publicForm(formId);
  return {
    queries: [read(form)],
    following: (client) => (client.getQueryData(form.queryKey)?.ResultsOpen ? [read(formQueries.formResults(formId))] : []),
  };
};
