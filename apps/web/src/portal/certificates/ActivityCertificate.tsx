import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { attendanceCertsApi } from '../../api/attendanceCertificates';
import { usePngDownload } from './CertTable';
import styles from './activityCertificate.module.css';

/** The same query as 我的证书's list (MyAttendanceCertificates), so the two pages share one answer. */
export const myAttendanceCertsKey = ['myAttendanceCertificates'];

/**
 * The member's 参会证明/培训证明 of one activity, on the activity's page: once issued, its
 * number and date, 下载证明 while it stands and its public verification page (the link its QR
 * code carries); a revoked one says so. Nothing before it is issued.
 */
export function ActivityCertificate({ activityId }: { activityId: number }) {
  const mine = useQuery({ queryKey: myAttendanceCertsKey, queryFn: attendanceCertsApi.mine, retry: false });
  const save = usePngDownload();
  const cert = mine.data?.find((c) => c.ActivityId === activityId);
  if (!cert) return null;
  const revoked = cert.Status !== 0;
  return (
    <section className={`${styles.certificate} ${revoked ? styles.revoked : ''}`} aria-labelledby="activity-certificate">
      <SafetyCertificateOutlined className={styles.icon} aria-hidden />
      <div className={styles.body}>
        <h3 id="activity-certificate" className={styles.title}>
          {revoked ? `${cert.KindName}已撤销` : `${cert.KindName}已颁发`}
        </h3>
        <p className={styles.facts}>
          <span className={styles.fact}>
            证明编号 <span className={styles.number}>{cert.CertNo}</span>
          </span>
          <span className={styles.fact}>发证日期 {cert.IssuedAt.slice(0, 10)}</span>
          {revoked && <span className={styles.fact}>撤销日期 {cert.RevokedAt.slice(0, 10)}</span>}
        </p>
        {!revoked && (
          <div className={styles.actions}>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => void save(() => attendanceCertsApi.image(cert.Id), `${cert.ActivityTitle}${cert.KindName}.png`)}
            >
              下载证明
            </Button>
            <a href={cert.VerifyUrl} target="_blank" rel="noreferrer">
              证明核验页
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
