import { Tag, Tooltip } from 'antd';
import { activityMessages, ActivityStatus, activityStatusNames, mailStateNames, type ActivityMemberDto, type ActivitySummaryDto } from '@portal/shared';
import { adminQueryKeys } from '../../session/queries';
import styles from './activity.module.css';

/** Query keys of 活动列表, under the back-office session's prefix. */
export const activitiesKey = [...adminQueryKeys.all, 'activities'];
export const activityMembersKey = (id: number) => [...activitiesKey, 'members', id];

export const activityStatusOptions = Object.entries(activityStatusNames).map(([value, label]) => ({ label, value: Number(value) }));

/** 草稿 / 已发布 / 已关闭, and 已结束 for a published activity whose end has passed. */
export function ActivityStatusTag({ activity, now }: { activity: Pick<ActivitySummaryDto, 'Status' | 'EndTime'>; now: string }) {
  if (activity.Status === ActivityStatus.Published && activity.EndTime < now) return <Tag>已结束</Tag>;
  const color = { [ActivityStatus.Draft]: 'default', [ActivityStatus.Published]: 'success', [ActivityStatus.Closed]: 'warning' }[activity.Status] ?? 'default';
  return <Tag color={color}>{activityStatusNames[activity.Status] ?? activity.Status}</Tag>;
}

/** A member's e-mail state as a tag; without a mail server, why nothing is mailed. */
export function MailStateTag({ member }: { member: ActivityMemberDto }) {
  const name = mailStateNames[member.MailState];
  if (member.MailState === 'sent') return <Tag color="success">{name}</Tag>;
  if (member.MailState === 'pending') return <Tag color="processing">{name}</Tag>;
  if (member.MailState === 'failed') return <Tag color="error">{name}</Tag>;
  if (member.MailState === 'inapp') {
    return (
      <Tooltip title={activityMessages.mailOff}>
        <Tag>{name}</Tag>
      </Tooltip>
    );
  }
  return <Tag>{member.Email ? name : '无邮箱'}</Tag>;
}

/** Under the tag: when a mail went, or why it failed and when it is tried again. */
export function MailNote({ member }: { member: ActivityMemberDto }) {
  if (member.MailState === 'sent') return <span className={styles.secondary}>发送于 {member.MailTime}</span>;
  if (member.MailState !== 'failed') return null;
  return (
    <>
      <Tooltip title={member.MailError}>
        <span className={styles.mailError}>
          {member.MailTime} 失败：{member.MailError}
        </span>
      </Tooltip>
      <span className={styles.secondary}>{member.MailRetryTime ? `将于 ${member.MailRetryTime} 重试` : '已停止重试'}</span>
    </>
  );
}
