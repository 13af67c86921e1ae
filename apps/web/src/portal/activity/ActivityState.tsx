import { Tag } from 'antd';
import { ActivityStatus, type MyActivityDto } from '@portal/shared';

/** What the member can do or has done: 已签到, 已报名, 候补成功 (a place held), 候补中, 报名中, 名额已满, 报名已截止, 已关闭. */
export function SignUpTag({ activity }: { activity: MyActivityDto }) {
  if (activity.IsCheckedIn) return <Tag color="success">已签到</Tag>;
  if (activity.IsSignedUp) return <Tag color="blue">已报名</Tag>;
  if (activity.OfferUntil) return <Tag color="magenta">候补成功，待确认</Tag>;
  if (activity.IsWaitlisted) return <Tag color="purple">候补中</Tag>;
  if (activity.Status === ActivityStatus.Closed) return <Tag>已关闭</Tag>;
  if (activity.CanSignUp) return <Tag color="green">报名中</Tag>;
  if (activity.Capacity > 0 && activity.SignUpCount >= activity.Capacity) return <Tag color="orange">名额已满</Tag>;
  return <Tag>报名已截止</Tag>;
}

/** 2024-06-20 09:00 至 17:00 (or to another day's time). */
export function activityTime(a: Pick<MyActivityDto, 'StartTime' | 'EndTime'>): string {
  const sameDay = a.StartTime.slice(0, 10) === a.EndTime.slice(0, 10);
  return `${a.StartTime.slice(0, 16)} 至 ${sameDay ? a.EndTime.slice(11, 16) : a.EndTime.slice(0, 16)}`;
}
