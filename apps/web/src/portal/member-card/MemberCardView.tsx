import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { ApiError, saveFile } from '../../api/client';
import { memberCardApi } from '../../api/member-card';
import { StatusNotice } from '../content/Notices';
import styles from './member-card.module.css';

/** A base64 PNG as a file. */
const pngFile = (base64: string) => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' });

/**
 * The card the server draws (GetMyMemberCard), 下载会员证 (the PNG) and 下载电子凭证 (the
 * signed credential, GetMyMemberCredential, as a .jwt file). A member whose card is refused
 * (lapsed, suspended, revoked) reads the server's reason instead.
 */
export function MemberCardView() {
  const card = useQuery({ queryKey: ['member-card'], queryFn: memberCardApi.image, retry: false });
  const [saving, setSaving] = useState(false);

  if (card.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!card.data) {
    const reason = card.error instanceof ApiError ? card.error.message : '电子会员证暂时无法显示，请稍后再试';
    return <StatusNotice title={reason} text="如有疑问，请联系协会秘书处。" />;
  }
  const image = card.data;

  const saveCredential = async () => {
    setSaving(true);
    try {
      saveFile(new Blob([await memberCardApi.credential()], { type: 'application/jwt' }), '电子会员凭证.jwt');
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.layout}>
      <img className={styles.card} src={`data:image/png;base64,${image}`} alt="电子会员证" width={1000} height={630} />
      <div className={styles.actions}>
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveFile(pngFile(image), '电子会员证.png')}>
          下载会员证
        </Button>
        <Button icon={<SafetyCertificateOutlined />} loading={saving} onClick={() => void saveCredential()}>
          下载电子凭证
        </Button>
      </div>
      <ul className={styles.notes}>
        <li>扫描会员证上的二维码，可打开协会官网的核验页，查看贵单位今天的会籍状态；续费、到期或吊销后，核验页随即更新。</li>
        <li>电子凭证是协会数字签名的可验证凭证（JWT 格式），收到的单位可用协会公布的公钥（/.well-known/jwks.json）核验其真伪。</li>
      </ul>
    </div>
  );
}
