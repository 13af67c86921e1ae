import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paging, sitePages, type InboxMessageDto, type ListDto } from '@portal/shared';
import { inboxApi } from '../../api/inbox';
import buttons from '../../components/button.module.css';
import { SkeletonRows } from '../../components/Skeleton';
import { toast } from '../../components/toast';
import { EmptyState } from '../content/EmptyState';
import { Callout } from '../content/Notices';
import { Pager } from '../content/Pager';
import { RichTextBody } from '../content/RichTextBody';
import { inboxKey, inboxUnreadKey, useInboxUnread } from './useInboxUnread';
import styles from './inbox.module.css';

const PAGE_SIZE = paging.defaultSize;

/**
 * 站内信: the member's messages newest first, unread ones marked; 全部 or 未读 only. Opening one
 * shows its text and marks it read: the row stays where it is (even under 未读) until the list is
 * asked again, so it does not vanish under the reader's eyes; the header's count drops at once.
 */
export function InboxList() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState<number>(paging.firstPage);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const unread = useInboxUnread();
  const listKey = [...inboxKey, 'list', unreadOnly, page];
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => inboxApi.mine({ pageindex: page, pagesize: PAGE_SIZE, ...(unreadOnly ? { unread: 1 as const } : {}) }),
    placeholderData: keepPreviousData,
    meta: { browserOnly: true },
  });

  const filter = (only: boolean) => {
    setUnreadOnly(only);
    setPage(paging.firstPage);
    setOpenId(null);
  };
  const open = async (message: InboxMessageDto) => {
    setOpenId(openId === message.Id ? null : message.Id);
    if (message.Read) return;
    await inboxApi.read(message.Id);
    queryClient.setQueryData<ListDto<InboxMessageDto>>(
      listKey,
      (shown) => shown && { ...shown, List: shown.List.map((m) => (m.Id === message.Id ? { ...m, Read: true } : m)) },
    );
    await queryClient.invalidateQueries({ queryKey: inboxUnreadKey });
  };
  const readAll = async () => {
    const marked = await inboxApi.readAll();
    toast('success', `已将${marked}条站内信标为已读`);
    await queryClient.invalidateQueries({ queryKey: inboxKey });
  };

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.filter} role="group" aria-label="显示">
          <button type="button" aria-pressed={!unreadOnly} onClick={() => filter(false)}>
            全部
          </button>
          <button type="button" aria-pressed={unreadOnly} onClick={() => filter(true)}>
            未读{unread > 0 && `（${unread}）`}
          </button>
        </div>
        <div className={styles.actions}>
          {/* Which categories arrive at all: the member's 通知设置. */}
          <Link to={sitePages.mailPreferences.path}>通知设置</Link>
          <button type="button" className={buttons.secondary} disabled={unread === 0} onClick={() => void readAll()}>
            全部标为已读
          </button>
        </div>
      </div>
      {list.isPending ? (
        <SkeletonRows rows={5} />
      ) : list.isError ? (
        <Callout tone="warning">{list.error.message}</Callout>
      ) : list.data.List.length === 0 ? (
        <EmptyState description={unreadOnly ? '没有未读的站内信' : '暂无站内信'} />
      ) : (
        <>
          <ul className={styles.messages} aria-label="站内信">
            {list.data.List.map((m) => (
              <InboxItem key={m.Id} message={m} open={openId === m.Id} onToggle={() => void open(m)} />
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data.TotalCount} label="站内信分页" onChange={setPage} />
        </>
      )}
    </>
  );
}

/** One message: its heading opens and closes its text (a disclosure). */
function InboxItem({ message, open, onToggle }: { message: InboxMessageDto; open: boolean; onToggle: () => void }) {
  const bodyId = `inbox-message-${message.Id}`;
  return (
    <li className={message.Read ? styles.message : `${styles.message} ${styles.unread}`}>
      <h2 className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {!message.Read && <span className={styles.unreadMark}>未读</span>}
          <span className={styles.category}>{message.Category}</span>
          <span className={styles.title}>{message.Title}</span>
          <time className={styles.time} dateTime={message.CreateTime.replace(' ', 'T')}>
            {message.CreateTime.slice(0, 16)}
          </time>
        </button>
      </h2>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {open && <RichTextBody html={message.Html} />}
      </div>
    </li>
  );
}
