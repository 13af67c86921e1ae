import { lazy } from 'react';
import { HOLDER_SESSION_MINUTES, sitePages } from '@portal/shared';
import { AntdPart } from '../../components/OnDemand';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { usePageTitle } from '../content/usePageTitle';
import styles from './consents.module.css';

// The verification form and what it opens are drawn with antd: loaded by the visitors who come here.
const HolderRights = lazy(() => import('./HolderRights').then((m) => ({ default: m.HolderRights })));

/**
 * /certsearch/rights: a certificate holder or exam candidate, who has no account, proves who they
 * are and then sees, downloads, and asks to correct or delete what the association holds about
 * them (个人信息保护法 arts. 44–47). The server draws the explanation; the form follows.
 */
export function HolderRightsPage() {
  const { title } = sitePages.holderRights;
  usePageTitle(title);
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        <p className={styles.intro}>
          参加过协会考试或持有协会证书的个人，可以在此查阅、下载协会保存的本人信息（姓名、证件号码、单位、考试成绩与证书），或申请更正、删除。
          为确认是您本人，请填写姓名、完整的证件号码，以及您一张证书上的证书编号；没有证书的，填写考试日期。核验通过后{HOLDER_SESSION_MINUTES}
          分钟内有效。会员单位请登录后在“我的个人信息”中办理。
        </p>
        <AntdPart>
          <HolderRights />
        </AntdPart>
      </Panel>
    </ContentPage>
  );
}
