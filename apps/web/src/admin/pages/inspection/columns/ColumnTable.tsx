import { Button, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { columnStateNames, messages, type ColumnFreshnessDto, type ColumnState } from '@portal/shared';
import styles from './columns.module.css';

const stateColors: Record<ColumnState, string> = { ok: 'success', overdue: 'warning', empty: 'error' };

const dash = <span className={styles.muted}>—</span>;

function columnsOf(onSetInterval: ((column: ColumnFreshnessDto) => void) | undefined): TableColumnsType<ColumnFreshnessDto> {
  return [
    {
      title: '栏目',
      key: 'path',
      render: (_, c) => (
        <span className={styles.path}>
          {c.Path}
          {c.Kind === 'single' && <Tag className={styles.kind}>单页</Tag>}
        </span>
      ),
    },
    { title: '文章数', dataIndex: 'Articles', width: 80, align: 'right' },
    { title: '最近发布', dataIndex: 'LastPublishedAt', width: 120, render: (at: string | null) => (at ? at.slice(0, 10) : dash) },
    { title: '已过天数', dataIndex: 'DaysSince', width: 96, align: 'right', render: (days: number | null) => (days === null ? dash : `${days} 天`) },
    {
      title: '更新周期',
      key: 'interval',
      width: 140,
      render: (_, c) => (
        <>
          {c.IntervalDays} 天<span className={styles.muted}>（{c.IntervalIsDefault ? '默认' : '自定义'}）</span>
        </>
      ),
    },
    { title: '状态', dataIndex: 'State', width: 110, render: (state: ColumnState) => <Tag color={stateColors[state]}>{columnStateNames[state]}</Tag> },
    ...(onSetInterval
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 96,
            render: (_: unknown, c: ColumnFreshnessDto) => (
              <Button type="link" size="small" onClick={() => onSetInterval(c)} aria-label={`设置周期：${c.Name}`}>
                设置周期
              </Button>
            ),
          },
        ]
      : []),
  ];
}

/** The checked columns in the site's order; 设置周期 for holders of inspection:columns:setting (onSetInterval given). */
export function ColumnTable({
  rows,
  loading,
  onSetInterval,
}: {
  rows: ColumnFreshnessDto[];
  loading: boolean;
  onSetInterval?: (column: ColumnFreshnessDto) => void;
}) {
  return (
    <Table<ColumnFreshnessDto>
      size="middle"
      rowKey="Id"
      columns={columnsOf(onSetInterval)}
      dataSource={rows}
      loading={loading}
      pagination={false}
      // Seven columns keep their width on a phone and scroll sideways inside the panel.
      scroll={{ x: 860 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
    />
  );
}
