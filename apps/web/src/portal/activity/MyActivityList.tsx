import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Empty, List, Segmented } from 'antd';
import { messages, paging, type MyActivityDto } from '@portal/shared';
import { activitiesApi } from '../../api/activities';
import { activityTime, SignUpTag } from './ActivityState';
import { myActivitiesKey } from './useActivityUnread';
import { Pager } from '../content/Pager';
import list from '../contribute/contribute.module.css';
import styles from './activity.module.css';

/** The member's activity notices, unread first and marked; 全部 or 未读 only; 10 a page. */
export function MyActivityList() {
  const [page, setPage] = useState<number>(paging.firstPage);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pageSize = paging.defaultSize;
  const notices = useQuery({
    queryKey: [...myActivitiesKey, 'list', unreadOnly, page],
    queryFn: () => activitiesApi.mine({ pageindex: page, pagesize: pageSize, ...(unreadOnly ? { unread: 1 } : {}) }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className={list.toolbar}>
        <span className={list.hint}>协会向您所在会员等级发布的活动。打开即视为已读，截止时间前可报名或取消报名。</span>
        <Segmented<string>
          options={['全部', '未读']}
          value={unreadOnly ? '未读' : '全部'}
          onChange={(v) => {
            setUnreadOnly(v === '未读');
            setPage(paging.firstPage);
          }}
        />
      </div>
      <List<MyActivityDto>
        loading={notices.isLoading}
        dataSource={notices.data?.List ?? []}
        locale={{ emptyText: <Empty description={messages.empty} /> }}
        renderItem={(item) => (
          <List.Item className={list.item}>
            <div className={list.entry}>
              <div className={list.titleLine}>
                {!item.IsRead && <Badge className={styles.unreadMark} status="error" text="未读" />}
                <Link to={`/member/activity/${item.ActivityId}`} className={`${list.title} ${item.IsRead ? '' : styles.unreadTitle}`}>
                  {item.Title}
                </Link>
                <SignUpTag activity={item} />
              </div>
              <div className={list.meta}>
                时间：{activityTime(item)} · 地点：{item.Place} · 报名截止：{item.SignUpDeadline.slice(0, 16)}
              </div>
              <div className={list.meta}>
                {item.RemindTime && item.RemindTime === item.NoticeTime ? `提醒于 ${item.NoticeTime}` : `通知于 ${item.NoticeTime}`}
                {item.IsSignedUp && ` · 报名于 ${item.SignUpTime}`}
              </div>
            </div>
          </List.Item>
        )}
      />
      {(notices.data?.TotalCount ?? 0) > pageSize && (
        <Pager page={page} pageSize={pageSize} total={notices.data?.TotalCount ?? 0} label="活动通知分页" onChange={setPage} />
      )}
    </>
  );
}
