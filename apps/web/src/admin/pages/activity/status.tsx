import { Tag, Tooltip } from 'antd';
import { ActivityStatus, activityStatusNames, mailStateNames, type ActivityMemberDto, type ActivitySummaryDto } from '@portal/shared';
import { adminQueryKeys } from '../../session/queries';

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

/** A member's e-mail state; a failure says why and when it is tried again. */
export function MailStateTag({ member }: { member: ActivityMemberDto }) {
  const name = mailStateNames[member.MailState];
  if (member.MailState === 'sent') return <Tooltip title={`发送时间：${member.MailTime}`}><Tag color="success">{name}</Tag></Tooltip>;
  if (member.MailState === 'pending') return <Tag color="processing">{name}</Tag>;
  if (member.MailState === 'failed') {
    const retry = member.MailRetryTime ? `，将于 ${member.MailRetryTime} 重试` : '，已停止重试';
    return (
      <Tooltip title={`${member.MailTime} 失败：${member.MailError}${retry}`}>
        <Tag color="error">{name}</Tag>
      </Tooltip>
    );
  }
  return <Tag>{member.Email ? name : '无邮箱'}</Tag>;
}
