import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { AdminNoticeDto } from '@portal/shared';
import { reviewApi } from '../../api/review';
import { reviewKeys } from '../pages/content/review/keys';
import styles from './notices.module.css';

/** How often the bell asks for new notices while the back office is open (a tab in the background does not ask). */
const pollMs = 60_000;

/**
 * The header's notices (a review waiting for the caller, their article approved or rejected):
 * the bell shows how many are unread; its list opens a notice's page (and marks it read), or
 * marks them all read.
 */
export function NoticeBell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const notices = useQuery({ queryKey: reviewKeys.notices, queryFn: reviewApi.notices, refetchInterval: pollMs });
  const unread = notices.data?.Unread ?? 0;
  const reload = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.notices });

  const read = async (id?: number) => {
    try {
      await reviewApi.readNotices(id);
    } catch {
      // Shown by the API client; the list is read again either way.
    }
    reload();
  };
  const show = (notice: AdminNoticeDto) => {
    setOpen(false);
    if (!notice.Read) void read(notice.NoticeId);
    if (notice.Link) void navigate(notice.Link);
  };

  const list = notices.data?.List ?? [];
  const content = (
    <div className={styles.panel}>
      <div className={styles.head}>
        <span className={styles.heading}>通知{unread > 0 && `（${unread}条未读）`}</span>
        <Button type="link" size="small" disabled={unread === 0} onClick={() => void read()}>
          全部已读
        </Button>
      </div>
      {list.length ? (
        <ul className={styles.list} aria-label="通知列表">
          {list.map((n) => (
            <li key={n.NoticeId}>
              <button type="button" className={n.Read ? styles.item : `${styles.item} ${styles.unread}`} onClick={() => show(n)}>
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.text}>
                  {n.Text}
                  {!n.Read && <span className="visually-hidden">（未读）</span>}
                </span>
                <span className={styles.time}>{n.CreateTime}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
      )}
    </div>
  );

  return (
    // Under the bell, shifted sideways to stay on a phone's screen (bottomRight would run off its left edge).
    <Popover trigger="click" placement="bottom" arrow={false} open={open} onOpenChange={setOpen} content={content}>
      <button type="button" className={styles.bell} aria-label={unread ? `通知，${unread}条未读` : '通知'} aria-expanded={open}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined className={styles.bellIcon} />
        </Badge>
      </button>
    </Popover>
  );
}
