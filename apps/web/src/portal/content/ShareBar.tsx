import type { ReactNode } from 'react';
import QqOutlined from '@ant-design/icons-svg/es/asn/QqOutlined';
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import WechatOutlined from '@ant-design/icons-svg/es/asn/WechatOutlined';
import WeiboOutlined from '@ant-design/icons-svg/es/asn/WeiboOutlined';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon';
import { Popover } from '../../components/Popover';
import { SkeletonBlock } from '../../components/Skeleton';
import styles from './content.module.css';

/** Share pages of the networks of spec §2 info; each takes the page address and title. */
const shareTargets: { name: string; icon: ReactNode; color: string; href: (url: string, title: string) => string }[] = [
  { name: 'QQ', icon: <Icon icon={QqOutlined} />, color: '#12b7f5', href: (u, t) => `https://connect.qq.com/widget/shareqq/index.html?url=${u}&title=${t}` },
  {
    name: 'QQ空间',
    icon: <Icon icon={StarFilled} />,
    color: '#f7b500',
    href: (u, t) => `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=${u}&title=${t}`,
  },
  { name: '微博', icon: <Icon icon={WeiboOutlined} />, color: '#e6162d', href: (u, t) => `https://service.weibo.com/share/share.php?url=${u}&title=${t}` },
];

/**
 * WeChat has no share page: the reader scans a QR code of the address, drawn in the browser when
 * first shown (the QR library too is loaded then, not with the article).
 */
function WechatQr({ url }: { url: string }) {
  const qr = useQuery({
    queryKey: ['qrcode', url],
    queryFn: async () => (await import('qrcode')).toDataURL(url, { width: 160, margin: 1 }),
    staleTime: Infinity,
    meta: { browserOnly: true },
  });
  return (
    <div className={styles.wechatQr}>
      {qr.data ? <img src={qr.data} alt="本页二维码" width={160} height={160} /> : <SkeletonBlock className={styles.wechatQrLoading} />}
      <div>打开微信“扫一扫”，分享给朋友</div>
    </div>
  );
}

/**
 * The share buttons of an article. `url` is known in the browser only: the server and the
 * hydrating render draw the same buttons, disabled, so the line is complete at first paint and
 * nothing moves when the address arrives (it used to shift the article on a phone). Once the
 * address is known, QQ, QQ空间 and 微博 become links to their share pages (a link without its
 * address is invalid HTML, and no name may be given to it). WeChat's QR card opens on a click
 * (Enter, Space) as well as under the pointer; Escape closes it.
 */
export function ShareBar({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return (
    <div className={styles.share} role="group" aria-label="分享">
      <span>分享到：</span>
      <Popover
        title="分享到微信"
        trigger={({ open, toggle }) => (
          <button
            type="button"
            className={styles.shareButton}
            style={{ color: '#07c160' }}
            aria-label="分享到微信"
            title="微信"
            aria-expanded={open}
            disabled={!url}
            onClick={toggle}
          >
            <Icon icon={WechatOutlined} />
          </button>
        )}
      >
        <WechatQr url={url} />
      </Popover>
      {shareTargets.map((target) =>
        url ? (
          <a
            key={target.name}
            className={styles.shareButton}
            style={{ color: target.color }}
            href={target.href(u, t)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`分享到${target.name}`}
            title={target.name}
          >
            {target.icon}
          </a>
        ) : (
          <button
            key={target.name}
            type="button"
            className={styles.shareButton}
            style={{ color: target.color }}
            disabled
            aria-label={`分享到${target.name}`}
            title={target.name}
          >
            {target.icon}
          </button>
        ),
      )}
    </div>
  );
}
