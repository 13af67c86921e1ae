import { Link } from 'react-router';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { Icon } from '../../components/Icon';
import { useSiteInfo } from './useSiteInfo';
import { useVisitCounter } from './useVisitCounter';
import { FriendLinks } from './FriendLinks';
import { qrCodes } from './qrCodes';
import styles from './footer.module.css';

const BEIAN_URL = 'https://beian.miit.gov.cn';

/** The site footer (spec §1, §2 "Footer"): friendly links, identity, contacts, QR codes, copyright, ICP filing, visits. */
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
          <Link to="/certsearch">证书及成绩查询</Link>
          {site?.Icp && (
            <a href={BEIAN_URL} target="_blank" rel="noopener noreferrer">
              {site.Icp}
            </a>
          )}
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
