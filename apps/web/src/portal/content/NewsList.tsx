import type { NewsListItemDto } from '@portal/shared';
import { ArticleLink } from './ArticleLink';
import { ArticleMark } from './ArticleMark';
import styles from './content.module.css';

/** The list date: the publish day of an article (yyyy-MM-dd). */
export const publishDay = (item: Pick<NewsListItemDto, 'NewsCreateTime' | 'CreateTime'>) => (item.NewsCreateTime || item.CreateTime).slice(0, 10);

type Item = Pick<NewsListItemDto, 'NewsId' | 'MenuId' | 'Status' | 'Title' | 'NewsCreateTime' | 'CreateTime' | 'IsTop' | 'IsMemberRead'>;

/** Title-and-date rows of a menu's articles (menuList, related articles). */
export function NewsList({ items, label = '文章列表', compact = false }: { items: readonly Item[]; label?: string; compact?: boolean }) {
  return (
    <ul className={compact ? `${styles.newsList} ${styles.compact}` : styles.newsList} aria-label={label}>
      {items.map((item) => (
        <li key={item.NewsId} className={styles.newsRow}>
          <ArticleLink article={item} className={styles.newsTitle} title={item.Title}>
            {item.Title}
          </ArticleLink>
          {/* A menu's list is ordered by pins first (listMenuNews), so 置顶 marks its leading rows; the compact related list is not. */}
          {item.IsTop && !compact && <ArticleMark kind="top" />}
          {item.IsMemberRead && !compact && <ArticleMark kind="member" />}
          <time className={styles.newsDate}>{publishDay(item)}</time>
        </li>
      ))}
    </ul>
  );
}
