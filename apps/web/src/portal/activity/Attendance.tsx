import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Skeleton, Tag } from 'antd';
import type { MyActivityDetailDto, MyActivityDto } from '@portal/shared';
import { attendanceApi } from '../../api/attendance';
import { LapsedHint } from '../membership/lapse';
import styles from './activity.module.css';

/** Runs one of the member's calls and shows what the server said (the page's own `act`). */
type Act = (action: () => Promise<string>) => Promise<void>;

/**
 * The waitlist on the activity's page: 加入候补 when full, the member's place in the queue while
 * waiting, and a place held for them to confirm (or give up) before it passes to the next.
 */
export function WaitlistActions({
  activity: a,
  act,
  busy,
  lapsed,
  onJoin,
}: {
  activity: MyActivityDto;
  act: Act;
  busy: boolean;
  lapsed: boolean;
  /** 加入候补: the page joins at once, or shows the sign-up form first. */
  onJoin: () => void;
}) {
  const id = a.ActivityId;
  if (a.OfferUntil) {
    return (
      <>
        <span className={styles.offer}>有空余名额，已为您保留至 {a.OfferUntil.slice(0, 16)}，请在此前确认参加</span>
        {lapsed ? (
          <LapsedHint />
        ) : (
          <Button type="primary" loading={busy} onClick={() => void act(() => attendanceApi.confirmPlace(id))}>
            确认参加
          </Button>
        )}
        <Popconfirm
          title="放弃后名额将顺延给下一位候补会员，确定放弃？"
          onConfirm={() => act(() => attendanceApi.leaveWaitlist(id))}
          okText="放弃名额"
          cancelText="再想想"
        >
          <Button loading={busy}>放弃名额</Button>
        </Popconfirm>
      </>
    );
  }
  if (a.IsWaitlisted) {
    return (
      <>
        <span>候补第 {a.WaitlistPosition} 位，有空余名额时将依次通知</span>
        <Popconfirm title="确定退出候补名单？" onConfirm={() => act(() => attendanceApi.leaveWaitlist(id))} okText="退出候补" cancelText="再想想">
          <Button loading={busy}>退出候补</Button>
        </Popconfirm>
      </>
    );
  }
  if (!a.CanJoinWaitlist) return null;
  return lapsed ? (
    <LapsedHint />
  ) : (
    <Button type="primary" ghost loading={busy} onClick={onJoin}>
      加入候补
    </Button>
  );
}

/**
 * 签到二维码: what the member shows at the door once signed up (the QR of their check-in token,
 * drawn in the browser with the QR library loaded then), the code to say when it will not
 * scan, and, once checked in, the time instead.
 */
export function CheckInPass({ activity: a }: { activity: MyActivityDetailDto }) {
  const qr = useQuery({
    queryKey: ['qrcode', a.CheckInToken],
    queryFn: async () => (await import('qrcode')).toDataURL(a.CheckInToken, { width: 200, margin: 1, errorCorrectionLevel: 'M' }),
    enabled: a.CheckInToken !== '' && !a.IsCheckedIn,
    staleTime: Infinity,
    meta: { browserOnly: true },
  });
  if (a.IsCheckedIn) {
    return (
      <section className={styles.pass} aria-label="签到">
        <Tag color="success">已签到</Tag> 签到时间：{a.CheckInTime}
      </section>
    );
  }
  if (!a.CheckInToken) return null;
  return (
    <section className={styles.pass} aria-label="签到二维码">
      <h3 className={styles.passTitle}>签到二维码</h3>
      {qr.data ? <img src={qr.data} alt="签到二维码" width={200} height={200} /> : <Skeleton.Image active className={styles.passLoading} />}
      <div>
        签到码 <strong className={styles.passCode}>{a.CheckInCode}</strong>
      </div>
      <p className={styles.passHint}>到场后请向工作人员出示此二维码，或报出签到码。</p>
      {a.SelfCheckInStart && (
        <p className={styles.passHint}>
          {a.SelfCheckInStart.slice(0, 16)} 至 {a.SelfCheckInEnd.slice(0, 16)} 也可扫描活动现场的签到二维码自助签到。
        </p>
      )}
    </section>
  );
}
