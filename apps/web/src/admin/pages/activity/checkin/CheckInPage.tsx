import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { activityMessages, CHECK_IN_CODE_LENGTH, messages, type CheckInActivityDto, type CheckInMemberDto } from '@portal/shared';
import { attendanceAdminApi, type CheckInOutcome, type CheckInPass } from '../../../../api/attendance';
import { Panel } from '../../../layout/Panel';
import { isRefetch } from '../../../shared/polling';
import { CheckInResult } from './CheckInResult';
import { checkInKeys } from './keys';
import { Roster } from './Roster';
import { Scanner } from './Scanner';
import { VenueQr } from './VenueQr';
import styles from './checkin.module.css';

/** How often the counts are asked again while the page is open: other staff are checking members in too. */
const COUNTS_EVERY_MS = 5000;

const minutes = (time: string) => time.slice(0, 16);

/** The activity to open with: one on today, else the next to come, else the first listed. */
function firstChoice(list: CheckInActivityDto[]): number | undefined {
  const now = dayjs().format('YYYY-MM-DD HH:mm:ss');
  const today = now.slice(0, 10);
  return (list.find((a) => a.StartTime.slice(0, 10) <= today && today <= a.EndTime.slice(0, 10)) ?? list.find((a) => a.EndTime >= now) ?? list[0])?.ActivityId;
}

/** A phone buzzes as the door answers: once for 签到成功, twice for anything else. */
const buzz = (ok: boolean) => navigator.vibrate?.(ok ? 80 : [80, 60, 80]);

/**
 * 活动签到 (component activity/checkin/index), made for a phone at the door: choose the activity,
 * scan members' QR codes with the camera (or a photo of one), type the code under a QR, or
 * find the member by name; the live counts are asked again every few seconds.
 */
export default function CheckInPage() {
  const [params, setParams] = useSearchParams();
  const activities = useQuery({ queryKey: checkInKeys.activities, queryFn: () => attendanceAdminApi.activities({ pageindex: 1, pagesize: 100 }) });
  const list = activities.data?.List ?? [];
  const chosen = Number(params.get('id')) || firstChoice(list);

  if (activities.isLoading) return <Skeleton active />;
  return (
    <Panel>
      {list.length === 0 ? (
        <Empty description="暂无可签到的活动（已发布且未结束的活动会列在这里）" />
      ) : (
        <>
          <Select
            className={styles.choice}
            aria-label="签到活动"
            size="large"
            value={chosen}
            onChange={(id: number) => setParams({ id: String(id) }, { replace: true })}
            options={list.map((a) => ({ value: a.ActivityId, label: `${a.Title}（${minutes(a.StartTime)}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
          {chosen !== undefined && <Door key={chosen} activityId={chosen} />}
        </>
      )}
    </Panel>
  );
}

function Count({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className={styles.count}>
      <div className={styles.countValue}>{value}</div>
      <div className={styles.countLabel}>
        {label}
        {note && <span className={styles.countNote}>{note}</span>}
      </div>
    </div>
  );
}

/** One activity's door: its counts, the scanner, the typed code, the last answer and the roster. */
function Door({ activityId }: { activityId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const activity = useQuery({
    queryKey: checkInKeys.activity(activityId),
    queryFn: (context) => attendanceAdminApi.activity(activityId, { background: isRefetch(context) }),
    refetchInterval: COUNTS_EVERY_MS,
  });
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: checkInKeys.activity(activityId) });
  const checkIn = async (pass: CheckInPass) => {
    setChecking(true);
    try {
      const answer = await attendanceAdminApi.checkIn(activityId, pass);
      setOutcome(answer);
      buzz(answer.member !== null && answer.code === 200);
      return answer;
    } catch (error) {
      setOutcome({ code: 0, message: error instanceof Error ? error.message : messages.badParameter, member: null });
      buzz(false);
      return null;
    } finally {
      setChecking(false);
      void refresh();
    }
  };

  const typed = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '').toUpperCase();
    if (value.length !== CHECK_IN_CODE_LENGTH) {
      setOutcome({ code: 400, message: activityMessages.checkInCodeFormat, member: null });
      return;
    }
    void checkIn({ Code: value }).then((answer) => answer?.member && setCode(''));
  };

  const a = activity.data;
  if (!a) return <Skeleton active />;
  return (
    <div className={styles.door}>
      <div className={styles.activityLine}>
        {minutes(a.StartTime)} 至 {a.EndTime.slice(0, 10) === a.StartTime.slice(0, 10) ? a.EndTime.slice(11, 16) : minutes(a.EndTime)} · {a.Place}
      </div>
      <div className={styles.counts} aria-label="签到人数">
        <Count label="已签到" value={a.CheckedInCount} />
        <Count label="已报名" value={a.SignUpCount - a.OfferCount} note={a.Capacity > 0 ? `/${a.Capacity}` : undefined} />
        <Count label="候补" value={a.WaitlistCount} note={a.OfferCount > 0 ? `待确认${a.OfferCount}` : undefined} />
      </div>
      <Scanner onRead={(text) => void checkIn({ Token: text })} />
      <form className={styles.codeForm} onSubmit={typed}>
        <Input
          className={styles.codeInput}
          size="large"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          maxLength={CHECK_IN_CODE_LENGTH + 2}
          placeholder="输入6位签到码"
          aria-label="签到码"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="primary" size="large" htmlType="submit" loading={checking}>
          签到
        </Button>
      </form>
      {outcome && <CheckInResult outcome={outcome} />}
      {a.SelfCheckInStart && <VenueQr activity={a} />}
      <Roster
        activityId={activityId}
        onCheckIn={async (m: CheckInMemberDto) => {
          await checkIn({ MemberId: m.MemberId });
        }}
        onUndo={async (m: CheckInMemberDto) => {
          try {
            await attendanceAdminApi.undo(activityId, m.MemberId);
            void message.success(activityMessages.checkInUndone);
            setOutcome(null);
          } catch {
            // Shown by the API client.
          } finally {
            void refresh();
          }
        }}
      />
    </div>
  );
}
