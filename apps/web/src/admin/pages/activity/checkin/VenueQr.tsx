import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Skeleton, Typography } from 'antd';
import { PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { CheckInActivityDto } from '@portal/shared';
import styles from './checkin.module.css';

/** The member-area page the venue's QR opens: signed-in members are checked in there. */
export const selfCheckInUrl = (a: Pick<CheckInActivityDto, 'ActivityId' | 'SelfCheckInKey'>) =>
  `${window.location.origin}/member/activity/${a.ActivityId}/checkin?venue=${encodeURIComponent(a.SelfCheckInKey)}`;

/**
 * 现场签到二维码: shown at the venue (on a screen, or printed) for members to check themselves in
 * during the activity's self check-in window. The QR library is loaded when it is first shown.
 */
export function VenueQr({ activity }: { activity: CheckInActivityDto }) {
  const [open, setOpen] = useState(false);
  const url = selfCheckInUrl(activity);
  const qr = useQuery({
    queryKey: ['qrcode', url],
    queryFn: async () => (await import('qrcode')).toDataURL(url, { width: 320, margin: 2, errorCorrectionLevel: 'M' }),
    enabled: open,
    staleTime: Infinity,
  });
  return (
    <>
      <Button className={styles.venueButton} icon={<QrcodeOutlined />} onClick={() => setOpen(true)}>
        现场签到二维码
      </Button>
      <Modal
        title="现场签到二维码"
        open={open}
        onCancel={() => setOpen(false)}
        width={500}
        footer={
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        }
      >
        <div className={styles.venue}>
          <div className={styles.venueTitle}>{activity.Title}</div>
          {qr.data ? <img src={qr.data} alt="现场签到二维码" width={320} height={320} /> : <Skeleton.Image active className={styles.venueLoading} />}
          <div>已报名的会员登录后扫描此二维码即可签到</div>
          <div className={styles.memberMeta}>
            自助签到时段：{activity.SelfCheckInStart.slice(0, 16)} 至 {activity.SelfCheckInEnd.slice(0, 16)}
          </div>
          <Typography.Text className={styles.venueUrl} copyable={{ text: url }}>
            {url}
          </Typography.Text>
        </div>
      </Modal>
    </>
  );
}
