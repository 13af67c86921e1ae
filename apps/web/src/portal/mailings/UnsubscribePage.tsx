import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { sitePages } from '@portal/shared';
import { AntdPart } from '../../components/OnDemand';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { usePageTitle } from '../content/usePageTitle';

// Drawn with antd in the browser: the token is asked about there, so a mail scanner fetching the
// page asks nothing, and nothing is ever undone without the button.
const UnsubscribeConfirm = lazy(() => import('./UnsubscribeConfirm').then((m) => ({ default: m.UnsubscribeConfirm })));

/**
 * /unsubscribe?t=…: where a mailing's 退订 leads (the mail's link, its text footer, {{退订链接}}).
 * Open to whoever holds the link, signed in or not: the token names the member and the category.
 */
export function UnsubscribePage() {
  const { title } = sitePages.unsubscribe;
  usePageTitle(title);
  const [params] = useSearchParams();
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        <AntdPart fallback={<SkeletonRows rows={4} />}>
          <UnsubscribeConfirm token={params.get('t') ?? ''} />
        </AntdPart>
      </Panel>
    </ContentPage>
  );
}
