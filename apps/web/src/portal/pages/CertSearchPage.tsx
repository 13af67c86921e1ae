import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { CertLookup } from '../certificates/CertLookup';
import { MyCertificates } from '../certificates/MyCertificates';
import { useMemberSession } from '../member/session';
import { usePageTitle } from '../content/usePageTitle';

const TITLE = '证书及成绩查询';

/**
 * 证书及成绩查询 (spec §2 certsearch). A signed-in member also finds 我的证书 here, the
 * certificates of their own company (spec §6); `?tab=mine` opens it, so the member menu can
 * link to it.
 */
export function CertSearchPage() {
  usePageTitle('证书查询');
  const { loggedIn, info } = useMemberSession();
  const [params, setParams] = useSearchParams();
  const tab = loggedIn && params.get('tab') === 'mine' ? 'mine' : 'lookup';
  const choose = (key: string) =>
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
          <Tabs
            activeKey={tab}
            onChange={choose}
            items={[
              { key: 'lookup', label: '证书查询', children: <CertLookup /> },
              { key: 'mine', label: '我的证书', children: <MyCertificates company={info?.MemberName} /> },
            ]}
          />
        ) : (
          <CertLookup />
        )}
      </Panel>
    </ContentPage>
  );
}
