import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Row, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { MessageFiguresDto, MessageStatisticsQuery } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { GroupedBars, type BarSeries } from '../../../../components/charts';
import { RangePicker } from '../../../../components/DatePickers';
import { DownloadButton } from '../../../../components/DownloadButton';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { messageKeys } from '../keys';

type Figure = 'Received' | 'Answered' | 'Overdue';
const series: BarSeries<Figure>[] = [
  { key: 'Received', name: '收到' },
  { key: 'Answered', name: '已答复' },
  { key: 'Overdue', name: '超期' },
];

/** One breakdown of the figures (by category, by department) as a table. */
function FiguresCard({ title, group, rows, loading }: { title: string; group: string; rows: MessageFiguresDto[] | undefined; loading: boolean }) {
  return (
    <Card size="small" title={title}>
      <Table<MessageFiguresDto>
        rowKey="Name"
        size="small"
        pagination={false}
        loading={loading}
        columns={columns(group)}
        dataSource={rows}
        scroll={{ x: 600 }}
      />
    </Card>
  );
}

const columns = (group: string): TableColumnsType<MessageFiguresDto> => [
  { title: group, dataIndex: 'Name' },
  { title: '收到', dataIndex: 'Received', width: 100, align: 'right' },
  { title: '已答复', dataIndex: 'Answered', width: 100, align: 'right' },
  { title: '超期', dataIndex: 'Overdue', width: 100, align: 'right' },
  { title: '平均答复用时（工作日）', dataIndex: 'AverageWorkingDays', width: 200, align: 'right', render: (days: number) => days.toFixed(1) },
];

const month = (d: Dayjs) => d.format('YYYY-MM');
/** The last twelve months, this one included. */
const lastYear = (): [Dayjs, Dayjs] => [dayjs().subtract(11, 'month').startOf('month'), dayjs().startOf('month')];

/**
 * 留言统计 (component interact/stats/index): for the months chosen (at most 36), what was received,
 * answered, overdue and how long answers took, by month, category and department: the figures an
 * inspection asks for, exported as .xlsx.
 */
export default function StatsPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastYear);
  const query: MessageStatisticsQuery = { start: month(range[0]), end: month(range[1]) };
  const stats = useQuery({
    queryKey: [...messageKeys.statistics, query],
    queryFn: () => messagesAdminApi.statistics(query),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Panel
        actions={
          <Auth perm="message:export">
            <DownloadButton icon={<FileExcelOutlined />} run={() => messagesAdminApi.exportStatistics(query)}>
              导出
            </DownloadButton>
          </Auth>
        }
      >
        <Form layout="inline">
          <Form.Item label="统计月份">
            <RangePicker
              picker="month"
              allowClear={false}
              value={range}
              disabledDate={(d) => d.isAfter(dayjs(), 'month')}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              style={{ width: 260 }}
            />
          </Form.Item>
        </Form>
      </Panel>
      <Row gutter={[16, 16]}>
        {(
          [
            ['收到留言', data?.Total.Received, '条'],
            ['已答复', data?.Total.Answered, '条'],
            ['超期', data?.Total.Overdue, '条'],
            ['平均答复用时', data?.Total.AverageWorkingDays.toFixed(1), '个工作日'],
          ] as const
        ).map(([title, value, suffix]) => (
          <Col key={title} xs={12} md={6}>
            <Card size="small" loading={stats.isPending}>
              <Statistic
                title={title}
                value={value ?? 0}
                suffix={suffix}
                valueStyle={title === '超期' && Number(value) > 0 ? { color: '#b8262c' } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="每月办理情况" loading={stats.isPending}>
        <GroupedBars label="每月收到、已答复和超期的留言数" series={series} data={(data?.Months ?? []).map((m) => ({ ...m, label: m.Name }))} />
      </Card>
      <FiguresCard title="按类别" group="类别" rows={data?.ByCategory} loading={stats.isFetching} />
      <FiguresCard title="按办理部门" group="办理部门" rows={data?.ByDepartment} loading={stats.isFetching} />
    </Space>
  );
}
