import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { TabPanel, Tabs } from '../../components/Tabs';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { CertLookup } from '../certificates/CertLookup';
import { useMemberSession } from '../member/session';
import { usePageTitle } from '../content/usePageTitle';

const TITLE = '证书及成绩查询';

// 我的证书 loads when a member opens the tab (members only: visitors never need its code).
const MyCertificates = lazy(() => import('../certificates/MyCertificates').then((m) => ({ default: m.MyCertificates })));

type Tab = 'lookup' | 'mine';
const PANEL_ID = 'cert-tabs-panel';
const tabs: { key: Tab; label: string }[] = [
  { key: 'lookup', label: '证书查询' },
  { key: 'mine', label: '我的证书' },
];

/**
 * 证书及成绩查询 (spec §2 certsearch). A signed-in member also finds 我的证书 here, the
 * certificates of their own company (spec §6); `?tab=mine` opens it, so the member menu can
 * link to it.
 */
export function CertSearchPage() {
  usePageTitle('证书查询');
  const { loggedIn, info } = useMemberSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = loggedIn && params.get('tab') === 'mine' ? 'mine' : 'lookup';
  const choose = (key: Tab) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (key === 'mine') next.set('tab', 'mine');
      else next.delete('tab');
      return next;
    });

  return (
    <ContentPage>
      <Panel title={TITLE} crumbs={<MenuCrumbs path={[]} tail={TITLE} />}>
        {loggedIn ? (
          <>
            <Tabs items={tabs} active={tab} onChange={choose} panelId={PANEL_ID} />
            <TabPanel id={PANEL_ID} active={tab}>
              {tab === 'lookup' ? (
                <CertLookup />
              ) : (
                <Suspense fallback={null}>
                  <MyCertificates company={info?.MemberName} />
                </Suspense>
              )}
            </TabPanel>
          </>
        ) : (
          <CertLookup />
        )}
      </Panel>
    </ContentPage>
  );
}
