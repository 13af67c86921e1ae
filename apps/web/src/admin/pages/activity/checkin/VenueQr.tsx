import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Modal, Skeleton, Typography } from 'antd';
import { PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { VENUE_CODE_WINDOW_SECONDS, type CheckInActivityDto } from '@portal/shared';
import { attendanceAdminApi } from '../../../../api/attendance';
import { isRefetch } from '../../../shared/polling';
import { checkInKeys } from './keys';
import styles from './checkin.module.css';

/** The member-area page the venue's QR opens: signed-in members are checked in there. */
export const selfCheckInUrl = (activityId: number, key: string) =>
  `${window.location.origin}/member/activity/${activityId}/checkin?venue=${encodeURIComponent(key)}`;

/** The next code is asked for this long after the current one's window ends, so the call lands in the new window. */
const AFTER_CHANGE_MS = 300;

/**
 * The key the venue's QR carries: the activity's static key, or with 动态签到码 the server's
 * current code, asked again (in the background: it keeps no session alive) as each one ends,
 * with when that is on this device's clock.
 */
function useVenueKey(activity: CheckInActivityDto, open: boolean): { key: string | undefined; changesAt: number | undefined } {
  const code = useQuery({
    queryKey: checkInKeys.venueCode(activity.ActivityId),
    queryFn: (context) => attendanceAdminApi.venueCode(activity.ActivityId, { background: isRefetch(context) }),
    enabled: open && activity.SelfCheckInRotating,
    refetchInterval: (query) => (query.state.data ? query.state.data.ChangesInMs + AFTER_CHANGE_MS : false),
  });
  if (!activity.SelfCheckInRotating) return { key: activity.SelfCheckInKey, changesAt: undefined };
  return { key: code.data?.Key, changesAt: code.data ? code.dataUpdatedAt + code.data.ChangesInMs : undefined };
}

/** Whole seconds until `at`, counted down while shown. */
function useSecondsUntil(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * 现场签到二维码: shown at the venue (on a screen, or printed) for members to check themselves in
 * during the activity's self check-in window. With 动态签到码 it changes every 30 s with a
 * countdown, and is not offered for printing. The QR library is loaded when it is first shown.
 */
export function VenueQr({ activity }: { activity: CheckInActivityDto }) {
  const [open, setOpen] = useState(false);
  const rotating = activity.SelfCheckInRotating;
  const { key, changesAt } = useVenueKey(activity, open);
  const secondsLeft = useSecondsUntil(changesAt);
  const url = key === undefined ? undefined : selfCheckInUrl(activity.ActivityId, key);
  const qr = useQuery({
    queryKey: ['qrcode', url],
    queryFn: async () => (await import('qrcode')).toDataURL(url!, { width: 320, margin: 2, errorCorrectionLevel: 'M' }),
    enabled: open && url !== undefined,
    staleTime: Infinity,
    // The last code stays on screen while the next one is drawn.
    placeholderData: keepPreviousData,
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
          rotating ? null : (
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              打印
            </Button>
          )
        }
      >
        <div className={styles.venue}>
          <div className={styles.venueTitle}>{activity.Title}</div>
          {qr.data ? <img src={qr.data} alt="现场签到二维码" width={320} height={320} /> : <Skeleton.Image active className={styles.venueLoading} />}
          <div>已报名的会员登录后扫描此二维码即可签到</div>
          {rotating && (
            <div className={styles.venueCountdown} aria-label="二维码更换倒计时">
              动态签到码，每{VENUE_CODE_WINDOW_SECONDS}秒更换：<strong>{secondsLeft ?? VENUE_CODE_WINDOW_SECONDS}</strong> 秒后更换
            </div>
          )}
          <div className={styles.memberMeta}>
            自助签到时段：{activity.SelfCheckInStart.slice(0, 16)} 至 {activity.SelfCheckInEnd.slice(0, 16)}
          </div>
          {url && (
            <Typography.Text className={styles.venueUrl} copyable={{ text: url }}>
              {url}
            </Typography.Text>
          )}
        </div>
      </Modal>
    </>
  );
}
