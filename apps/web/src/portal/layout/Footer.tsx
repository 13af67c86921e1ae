import { PageLink } from './PageLink';
import { SITE_FEED_PATHS, sitePages } from '@portal/shared';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { Icon } from '../../components/Icon';
import { useSiteInfo } from './useSiteInfo';
import { useVisitCounter } from './useVisitCounter';
import { Filings } from './Filings';
import { FriendLinks } from './FriendLinks';
import { qrCodes } from './qrCodes';
import styles from './footer.module.css';

/** The site footer (spec §1, §2 "Footer"): friendly links, identity, contacts, QR codes, copyright, ICP and 公安备案 filings, feeds, 隐私政策 and 无障碍声明, visits. */
export function Footer() {
  const site = useSiteInfo().data;
  const visits = useVisitCounter().data;
  return (
    <footer className={styles.footer}>
      <FriendLinks />
      <div className={styles.main}>
        <div className={`${styles.inner} ${styles.columns}`}>
          <div className={styles.identity}>
            <img src="/emblem.svg" alt="" width={64} height={64} />
            <div>
              <div className={`${styles.siteName} serif-title`}>{site?.Name}</div>
              <div className={styles.english}>{site?.EnglishName}</div>
            </div>
          </div>
          <address className={styles.contacts}>
            <div>
              <Icon icon={PhoneOutlined} /> 联系电话：{site?.Phone}
            </div>
            <div>
              <Icon icon={MailOutlined} /> 电子邮箱：{site?.Email && <a href={`mailto:${site.Email}`}>{site.Email}</a>}
            </div>
            <div>
              <Icon icon={InboxOutlined} /> 邮政编码：{site?.Postcode}
            </div>
            <div>
              <Icon icon={EnvironmentOutlined} /> 地址：{site?.Address}
            </div>
          </address>
          <div className={styles.qrs}>
            {Object.values(qrCodes).map((qr) => (
              <figure key={qr.src} className={styles.qr}>
                <img src={qr.src} alt={`${qr.label}二维码`} width={96} height={96} />
                <figcaption>{qr.label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      </div>
      <div className={styles.bottom}>
        <div className={`${styles.inner} ${styles.bottomInner}`}>
          <span>{site?.Copyright}</span>
          <PageLink to="/certsearch">证书及成绩查询</PageLink>
          {site && site.MemberDirectory !== 'off' && <PageLink to="/directory">会员名录</PageLink>}
          <PageLink to={sitePages.privacy.path}>隐私政策</PageLink>
          <PageLink to="/accessibility">无障碍声明</PageLink>
          <a href={SITE_FEED_PATHS.rss} type="application/rss+xml">
            RSS订阅
          </a>
          <Filings site={site} />
          {visits !== undefined && (
            <span data-testid="visit-count">
              <Icon icon={EyeOutlined} /> 访问量：{visits.toLocaleString('zh-CN')}
            </span>
          )}
        </div>
      </div>
    </footer>
  );
}
