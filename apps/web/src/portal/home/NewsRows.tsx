import type { NewsListItemDto } from '@portal/shared';
import { SkeletonRows } from '../../components/Skeleton';
import { ArticleLink } from '../content/ArticleLink';
import { ArticleMark } from '../content/ArticleMark';
import { Empty } from '../content/EmptyState';
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

/**
 * Home list rows: title (one line, ellipsis), 会员 mark, date yyyy-MM-dd; 暂无数据 when empty.
 * No 置顶 mark: the home lists are ordered by time (最新资讯) or by seat order, not by pins, so
 * a pinned article would carry the mark somewhere down the list.
 */
export function NewsRows({ items, rows, showMenu = false, label }: Props) {
  if (!items) return <SkeletonRows rows={rows} className={styles.skeleton} />;
  if (items.length === 0) return <Empty />;
  return (
    <ul className={styles.rows} aria-label={label}>
      {items.map((item) => (
        <li key={item.NewsId} className={styles.row}>
          <ArticleLink article={item} className={styles.rowTitle} title={item.Title}>
            {showMenu && item.MenuName && <span className={styles.rowMenu}>[{item.MenuName}]</span>}
            {item.Title}
          </ArticleLink>
          {item.IsMemberRead && <ArticleMark kind="member" outlined className={styles.mark} />}
          <time className={styles.rowDate}>{publishDay(item)}</time>
        </li>
      ))}
    </ul>
  );
}
