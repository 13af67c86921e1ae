import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import { availabilityTargetNames, availabilityViaNames, type AvailabilityProbeDto } from '@portal/shared';
import styles from './availability.module.css';

const columns: TableColumnsType<AvailabilityProbeDto> = [
  { title: '时间', dataIndex: 'At', width: 170 },
  {
    title: '页面',
    key: 'target',
    render: (_, p) => (
      <span className={styles.target}>
        {availabilityTargetNames[p.Page]} <span className={styles.muted}>{p.Target}</span>
      </span>
    ),
  },
  { title: '途径', dataIndex: 'Via', width: 96, render: (via: AvailabilityProbeDto['Via']) => <Tag>{availabilityViaNames[via]}</Tag> },
  { title: '问题', dataIndex: 'Problem', render: (problem: string) => <span className={styles.bad}>{problem}</span> },
  { title: '耗时', dataIndex: 'Ms', width: 96, align: 'right', render: (ms: number) => `${ms} ms` },
];

/** The latest failed probes, newest first; a probe's round through both ways shows as two lines. */
export function FailureTable({ rows, loading }: { rows: AvailabilityProbeDto[]; loading: boolean }) {
  return (
    <Table<AvailabilityProbeDto>
      rowKey={(p) => `${p.At} ${p.Via} ${p.Target}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 720 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有失败记录" /> }}
    />
  );
}
