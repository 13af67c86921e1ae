import { useQuery } from '@tanstack/react-query';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { attendanceCertsApi } from '../../api/attendanceCertificates';
import { Icon } from '../../components/Icon';
import { Empty } from '../content/EmptyState';
import { myAttendanceCertsKey } from './ActivityCertificate';
import { usePngDownload } from './CertTable';
import styles from './certTable.module.css';

/**
 * 我的证书's second part: the member's 参会证明 and 培训证明 (issued by the association to a
 * company checked in at an activity), latest activity first, each downloadable while it
 * stands; a revoked one says 已撤销.
 */
export function MyAttendanceCertificates() {
  const result = useQuery({ queryKey: myAttendanceCertsKey, queryFn: attendanceCertsApi.mine, retry: false });
  const save = usePngDownload();
  const rows = result.data ?? [];
  return (
    <section aria-labelledby="attendance-certs">
      <h3 id="attendance-certs" style={{ margin: '32px 0 0' }}>
        参会证明与培训证明
      </h3>
      <div className={styles.scroller}>
        <table className={`${styles.table} ${styles.narrow}`} aria-busy={result.isPending}>
          <thead>
            <tr>
              <th scope="col">证明</th>
              <th scope="col">活动名称</th>
              <th scope="col" className={styles.nowrap}>
                活动时间
              </th>
              <th scope="col" className={styles.nowrap}>
                证明编号
              </th>
              <th scope="col" className={styles.nowrap}>
                发证日期
              </th>
              <th scope="col" className={`${styles.fixed} ${styles.center}`}>
                下载
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.Id}>
                <td className={styles.nowrap}>{c.KindName}</td>
                <td>{c.ActivityTitle}</td>
                <td className={styles.nowrap}>{c.ActivityDays}</td>
                <td className={styles.nowrap}>{c.CertNo}</td>
                <td className={styles.nowrap}>{c.IssuedAt.slice(0, 10)}</td>
                <td className={`${styles.fixed} ${styles.center}`}>
                  {c.Status === 0 ? (
                    <button
                      type="button"
                      className={styles.download}
                      aria-label={`下载${c.ActivityTitle}的${c.KindName}`}
                      onClick={() => void save(() => attendanceCertsApi.image(c.Id), `${c.ActivityTitle}${c.KindName}.png`)}
                    >
                      <Icon icon={DownloadOutlined} /> 下载
                    </button>
                  ) : (
                    '已撤销'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!result.isPending && rows.length === 0 && <Empty description={result.error?.message ?? '暂无参会证明或培训证明'} />}
      </div>
    </section>
  );
}
