import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Popconfirm, Result, Skeleton } from 'antd';
import { CalendarOutlined, PaperClipOutlined } from '@ant-design/icons';
import { ActivityStatus, MembershipState } from '@portal/shared';
import { activitiesApi } from '../../api/activities';
import { attendanceApi } from '../../api/attendance';
import { DownloadButton } from '../../components/DownloadButton';
import { ActivityCertificate } from '../certificates/ActivityCertificate';
import { ArticleBody } from '../content/ArticleBody';
import { isLapsed, LapsedHint } from '../membership/lapse';
import { myMembershipKey, useMyMembership } from '../membership/useMyMembership';
import { activityTime, SignUpTag } from './ActivityState';
import { CheckInPass, WaitlistActions } from './Attendance';
import { SignUpForm } from './SignUpForm';
import { myActivitiesKey } from './useActivityUnread';
import styles from './activity.module.css';

const assetBase: string = import.meta.env.VITE_ASSET_BASE_URL ?? '';

/** What asks for a place: 报名, or 加入候补 when full. */
type Asking = 'signUp' | 'waitlist';

/**
 * One activity: opening it marks it read; 报名 / 取消报名 until the deadline and within capacity.
 * An activity with a sign-up form (报名表) shows it first, and its answers go with 报名 or 加入候补.
 * A lapsed membership may not sign up (it may still cancel): the way to renew stands in for 报名.
 */
export function MyActivityDetail({ id }: { id: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [filling, setFilling] = useState<Asking | null>(null);
  const lapsed = useMyMembership().membership?.State === MembershipState.Expired;
  const detail = useQuery({ queryKey: [...myActivitiesKey, 'detail', id], queryFn: () => activitiesApi.open(id), retry: false });

  // The server marked it read: the list and the header's count change.
  const opened = detail.isSuccess;
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: myActivitiesKey, predicate: (q) => q.queryKey[1] !== 'detail' });
  }, [opened, queryClient]);

  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!detail.data) return <Result status="404" title="活动不存在或已删除" />;
  const a = detail.data;

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      void message.success(await action());
    } catch (error) {
      // Shown by the API client; a lapse since the page opened also turns 报名 into the way to renew.
      if (isLapsed(error)) void queryClient.invalidateQueries({ queryKey: myMembershipKey });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: myActivitiesKey });
    }
  };

  const send = (asking: Asking, answers: Record<string, unknown> = {}, privacyVersion?: number) =>
    asking === 'signUp' ? activitiesApi.signUp(id, answers, privacyVersion) : attendanceApi.joinWaitlist(id, answers, privacyVersion);
  // With a sign-up form, asking opens it; its 提交 sends the answers with the request.
  const ask = (asking: Asking) => (a.SignUpFields.length > 0 ? setFilling(asking) : void act(() => send(asking)));
  const submitForm = async (answers: Record<string, unknown>, privacyVersion: number) => {
    try {
      void message.success(await send(filling ?? 'signUp', answers, privacyVersion));
      setFilling(null);
    } finally {
      await queryClient.invalidateQueries({ queryKey: myActivitiesKey });
    }
  };

  const places = a.Capacity > 0 ? `${a.SignUpCount} / ${a.Capacity} 人` : `${a.SignUpCount} 人（不限名额）`;
  return (
    <article>
      <h2 className={styles.detailTitle}>{a.Title}</h2>
      <Descriptions className={styles.facts} column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="活动时间">{activityTime(a)}</Descriptions.Item>
        <Descriptions.Item label="活动地点">{a.Place}</Descriptions.Item>
        <Descriptions.Item label="报名截止">{a.SignUpDeadline.slice(0, 16)}</Descriptions.Item>
        <Descriptions.Item label="报名人数">{places}</Descriptions.Item>
      </Descriptions>
      <div className={styles.signUp}>
        <SignUpTag activity={a} />
        {a.IsSignedUp && <span>报名时间：{a.SignUpTime}</span>}
        {a.CanSignUp && lapsed && <LapsedHint />}
        {a.CanSignUp && !lapsed && (
          <Button type="primary" loading={busy} disabled={filling !== null} onClick={() => ask('signUp')}>
            报名
          </Button>
        )}
        {a.CanCancel && (
          <Popconfirm title="确定取消报名？" onConfirm={() => act(() => activitiesApi.cancel(id))} okText="取消报名" cancelText="再想想">
            <Button loading={busy}>取消报名</Button>
          </Popconfirm>
        )}
        <WaitlistActions activity={a} act={act} busy={busy} lapsed={lapsed} onJoin={() => ask('waitlist')} />
        {a.Status === ActivityStatus.Closed && <span>活动已关闭，不再接受报名。</span>}
        {/* 加入日历: the .ics file calendar programs open. */}
        <DownloadButton className={styles.calendar} icon={<CalendarOutlined />} run={() => activitiesApi.calendar(a)}>
          加入日历
        </DownloadButton>
      </div>
      {/* Shown while what it asks is still possible (a place taken meanwhile turns 报名 into 加入候补). */}
      {(filling === 'signUp' ? a.CanSignUp : filling === 'waitlist' && a.CanJoinWaitlist) && (
        <SignUpForm
          fields={a.SignUpFields}
          submitLabel={filling === 'signUp' ? '提交报名' : '提交并加入候补'}
          onSubmit={submitForm}
          onCancel={() => setFilling(null)}
        />
      )}
      <ActivityCertificate activityId={id} />
      {a.IsSignedUp && <CheckInPass activity={a} />}
      <ArticleBody html={a.Description} />
      {a.Attachments.length > 0 && (
        <ul className={styles.attachments} aria-label="附件">
          {a.Attachments.map((file) => (
            <li key={file.Path}>
              <PaperClipOutlined aria-hidden />{' '}
              <a href={assetBase + file.Path} target="_blank" rel="noreferrer" download={file.Name}>
                {file.Name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
