import type { ReactNode } from 'react';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { messages, type StatisticsTable, type VisitStatisticsQuery } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { DownloadButton } from '../../../../components/DownloadButton';
import { Auth } from '../../../access/AdminSession';
import styles from './visits.module.css';

/** The days the figures on screen are of: what an export of them must ask for too. */
export type ShownRange = Required<VisitStatisticsQuery>;

/** 导出 of one table of the dashboard, for holders of stats:export; the file is named by the table and its days. */
export function ExportButton({ table, title, range }: { table: StatisticsTable; title: string; range: ShownRange }) {
  const filename = `访问统计-${title}-${range.start}至${range.end}.xlsx`;
  return (
    <Auth perm="stats:export">
      <DownloadButton size="small" icon={<FileExcelOutlined />} aria-label={`导出${title}`} run={() => statisticsApi.exportTable(range, table, filename)}>
        导出
      </DownloadButton>
    </Auth>
  );
}

/** A card of the dashboard, named for assistive technology by its title, with the table's 导出 in its corner. */
export function StatsCard({ title, table, range, children }: { title: string; table: StatisticsTable; range: ShownRange; children: ReactNode }) {
  return (
    <Card
      size="small"
      variant="borderless"
      className={styles.tableCard}
      title={title}
      role="region"
      aria-label={title}
      extra={<ExportButton table={table} title={title} range={range} />}
    >
      {children}
    </Card>
  );
}

/** A ranked row with its place (1 for the most viewed), kept across the table's pages. */
export type Ranked<T> = T & { Rank: number };

interface RankedTableProps<T> {
  rows: T[];
  columns: TableColumnsType<Ranked<T>>;
  rowKey: (row: T) => string;
  /** The width below which the table scrolls sideways inside its card (a phone's card holds about 320 px); none: it fits its box (the monthly report's). */
  minWidth?: number;
}

const rankColumn = { title: '排名', dataIndex: 'Rank', width: 52, render: (rank: number) => <span className={styles.rank}>{rank}</span> };

/** A ranked table (热门文章, 来源, 设备…), top first, ten rows a page: the dashboard's cards and the monthly report's top ten. */
export function RankedTable<T extends object>({ rows, columns, rowKey, minWidth }: RankedTableProps<T>) {
  const ranked = rows.map((row, i) => ({ ...row, Rank: i + 1 }));
  return (
    <Table<Ranked<T>>
      size="small"
      rowKey={rowKey}
      columns={[rankColumn, ...columns]}
      dataSource={ranked}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={minWidth === undefined ? undefined : { x: minWidth }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
    />
  );
}

/** One ranked table of the dashboard in its card, with the table's 导出. */
export function RankedCard<T extends object>({
  title,
  table,
  range,
  minWidth = 300,
  ...rest
}: RankedTableProps<T> & { title: string; table: StatisticsTable; range: ShownRange }) {
  return (
    <StatsCard title={title} table={table} range={range}>
      <RankedTable {...rest} minWidth={minWidth} />
    </StatsCard>
  );
}
