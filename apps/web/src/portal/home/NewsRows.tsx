import { Empty, Skeleton, Tag } from 'antd';
import { messages, type NewsListItemDto } from '@portal/shared';
import { ArticleLink } from '../content/ArticleLink';
import { publishDay } from '../content/NewsList';
import styles from './home.module.css';

interface Props {
  items: readonly NewsListItemDto[] | undefined;
  /** Rows the skeleton stands in for while the first page loads. */
  rows: number;
  /** Prefix each title with its column (menu) name. */
  showMenu?: boolean;
  label: string;
}

/** Home list rows: title (one line, ellipsis), 置顶 and 会员 marks, date yyyy-MM-dd; 暂无数据 when empty. */
export function NewsRows({ items, rows, showMenu = false, label }: Props) {
  if (!items) return <Skeleton active title={false} paragraph={{ rows, width: '100%' }} className={styles.skeleton} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} />;
  return (
    <ul className={styles.rows} aria-label={label}>
      {items.map((item) => (
        <li key={item.NewsId} className={styles.row}>
          <ArticleLink article={item} className={styles.rowTitle} title={item.Title}>
            {showMenu && item.MenuName && <span className={styles.rowMenu}>[{item.MenuName}]</span>}
            {item.Title}
          </ArticleLink>
          {item.IsTop && (
            <Tag color="red" variant="outlined" className={styles.mark}>
              置顶
            </Tag>
          )}
          {item.IsMemberRead && (
            <Tag color="gold" variant="outlined" className={styles.mark}>
              会员
            </Tag>
          )}
          <time className={styles.rowDate}>{publishDay(item)}</time>
        </li>
      ))}
    </ul>
  );
}
