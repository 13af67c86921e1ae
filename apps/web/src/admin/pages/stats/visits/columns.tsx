import { Tag, type TableColumnsType } from 'antd';
import type { SearchKeywordDto, VisitReferrerDto, VisitRowDto } from '@portal/shared';
import { count, share } from '../shared/figures';
import type { Ranked } from './RankedCard';
import styles from './visits.module.css';

/**
 * The columns of the ranked tables. Paths, referrers and keywords are what visitors typed or
 * their browsers sent: they are shown as text only (React escapes them), never as markup, and
 * long ones wrap instead of widening the table.
 */

const text = (value: string) => <span className={styles.text}>{value || '—'}</span>;
const number = (n: number) => count(n);

/**
 * A page's address as a person reads it: /searchKey?key=量子 rather than its percent-escapes.
 * Still text (React escapes it); one that is not valid escaping is shown as it came.
 */
export function readableAddress(address: string): string {
  try {
    return decodeURIComponent(address);
  } catch {
    return address;
  }
}

const views = { title: '浏览量', dataIndex: 'Views', width: 72, align: 'right', render: number } as const;
const visitors = { title: '访客数', dataIndex: 'Visitors', width: 72, align: 'right', render: number } as const;

/** 热门文章: the title opens the public article in a new tab. */
export const articleColumns: TableColumnsType<Ranked<VisitRowDto>> = [
  {
    title: '文章标题',
    dataIndex: 'Name',
    render: (name: string, row) => (
      <a href={`/info?NewsId=${encodeURIComponent(row.Key)}`} target="_blank" rel="noopener noreferrer" className={styles.text}>
        {name}
      </a>
    ),
  },
  views,
  visitors,
];

/** A ranked table named by one column (栏目, 设备…). */
export const namedColumns = (title: string): TableColumnsType<Ranked<VisitRowDto>> => [{ title, dataIndex: 'Name', render: text }, views, visitors];

/** 受访页面: each address decoded for reading. */
export const pageColumns: TableColumnsType<Ranked<VisitRowDto>> = [
  { title: '页面地址', dataIndex: 'Name', render: (address: string) => text(readableAddress(address)) },
  views,
  visitors,
];

/** 设备, 浏览器, 地区: with each one's share of the range's views. */
export const sharedColumns = (title: string, totalViews: number): TableColumnsType<Ranked<VisitRowDto>> => [
  ...namedColumns(title),
  { title: '占比', key: 'share', width: 64, align: 'right', render: (_: unknown, row) => share(row.Views, totalViews) },
];

/** 机器人: visits only (a robot is no visitor). */
export const botColumns: TableColumnsType<Ranked<VisitRowDto>> = [
  { title: '机器人', dataIndex: 'Name', render: text },
  { ...views, title: '访问次数', width: 80 },
];

/** 来源: its kind (搜索引擎, 社交媒体, 外部链接, 直接访问, 站内) and the engine or site; 直接访问 has none but its kind. */
export const referrerColumns: TableColumnsType<Ranked<VisitReferrerDto>> = [
  { title: '类型', dataIndex: 'Kind', width: 96, render: (kind: string) => <Tag>{kind}</Tag> },
  { title: '来源', dataIndex: 'Name', render: (name: string, row) => text(name === row.Kind ? '' : name) },
  views,
  visitors,
];

const keyword = { title: '搜索词', dataIndex: 'Keyword', render: text } as const;
const searches = { title: '搜索次数', dataIndex: 'Searches', width: 80, align: 'right', render: number } as const;

/** 站内搜索词; a count of results not known (searched before a restart) is a dash. */
export const keywordColumns: TableColumnsType<Ranked<SearchKeywordDto>> = [
  keyword,
  searches,
  { title: '找到文章数', dataIndex: 'Results', width: 96, align: 'right', render: (n: number) => (n < 0 ? '—' : count(n)) },
];

/** 无结果的搜索词: what visitors look for and the site lacks. */
export const emptyKeywordColumns: TableColumnsType<Ranked<SearchKeywordDto>> = [keyword, searches];
