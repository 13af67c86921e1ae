import { useQuery } from '@tanstack/react-query';
import { industrySeatLabel, type NewsListItemDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { ArticleLink } from '../content/ArticleLink';
import { publishDay } from '../content/NewsList';
import { pictureSources } from '../content/picture';
import { findMenuByName, menuHref, useMenuTree } from '../layout';
import { Section } from './Section';
import { NewsRows } from './NewsRows';
import styles from './home.module.css';

/** Seat 4 holds the industry news (portalQueries.industryNews); the block is named after the column that feeds it. */
const TITLE = industrySeatLabel;
const ROWS_UNDER_PICTURE = 8;

function PictureStory({ item }: { item: NewsListItemDto }) {
  return (
    <ArticleLink article={item} className={styles.story} title={item.Title}>
      <img {...pictureSources(item.ImageUrl, '136px')} width={136} height={92} alt="" loading="lazy" />
      <span className={styles.storyText}>
        <strong>{item.Title}</strong>
        {item.Summary && <span className={styles.storySummary}>{item.Summary}</span>}
        <time>{publishDay(item)}</time>
      </span>
    </ArticleLink>
  );
}

/** 行业资讯 (seat 4): the newest pictured article on top, then a list. */
export function SeatFeature({ className }: { className?: string }) {
  const list = useQuery(portalQueries.industryNews());
  const tree = useMenuTree();
  const menu = findMenuByName(tree.data ?? [], TITLE);
  const items = list.isError ? [] : list.data?.List;
  const story = items?.find((i) => i.ImageUrl);
  const rest = items && (story ? items.filter((i) => i !== story).slice(0, ROWS_UNDER_PICTURE) : items);

  return (
    <Section title={TITLE} className={className} more={menu ? menuHref(menu) : undefined}>
      {story && <PictureStory item={story} />}
      <NewsRows items={rest} rows={ROWS_UNDER_PICTURE} label={`${TITLE}列表`} />
    </Section>
  );
}
