import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { messages, STATISTICS_FIRST_DAY } from '@portal/shared';
import { statisticsApi } from '../../../../../api/statistics';
import { DatePicker } from '../../../../../components/DatePickers';
import { useAuth } from '../../../../access/AdminSession';
import { Panel } from '../../../../layout/Panel';
import { editorOutputKeys, visitStatsKeys } from '../../shared/keys';
import { cstToday } from '../range';
import { ReportSheet, type MonthlyReportData } from './ReportSheet';
import { monthDays, previousDays } from './reportMonth';
import styles from './report.module.css';

/** A4's 180 mm between 15 mm margins at the browser's 96 px an inch: the printed chart's width. */
const PRINTED_WIDTH = 680;

const monthOf = (d: Dayjs) => d.format('YYYY-MM');
const firstMonth = STATISTICS_FIRST_DAY.slice(0, 7);

/** The month's figures, the previous month's and (with stats:editors) the month's 编辑工作量; undefined until all have come. */
function useReport(month: string): { report: MonthlyReportData | undefined; failed: boolean } {
  const withEditors = useAuth()('stats:editors');
  const days = monthDays(month);
  const previous = previousDays(month, days);
  const before = { start: previous.start, end: previous.end };
  const visits = useQuery({ queryKey: visitStatsKeys.range(days), queryFn: () => statisticsApi.visits(days) });
  const earlier = useQuery({ queryKey: visitStatsKeys.range(before), queryFn: () => statisticsApi.visits(before) });
  const months = { start: month, end: month };
  const editors = useQuery({ queryKey: editorOutputKeys.months(months), queryFn: () => statisticsApi.editors(months), enabled: withEditors });
  const failed = visits.isError || earlier.isError || editors.isError;
  if (!visits.data || !earlier.data || (withEditors && !editors.data)) return { report: undefined, failed };
  return { report: { month, days, previous, visits: visits.data, before: earlier.data.Total, editors: editors.data }, failed };
}

interface MonthlyReportProps {
  month: string;
  onMonth: (month: string) => void;
  onBack: () => void;
}

/**
 * 月度报告 of 访问统计 (`?report=yyyy-MM` on its route): a month chosen above the report, 打印 and
 * 返回 to the dashboard. Printed, only the copy under <body> shows (as 表单结果's 打印汇总 and the
 * 审批单 print): the back office's frame, these buttons and the page that scrolls inside the window
 * are left out, and the copy's chart is drawn at the paper's width.
 */
export function MonthlyReport({ month, onMonth, onBack }: MonthlyReportProps) {
  const { report, failed } = useReport(month);
  const thisMonth = cstToday().slice(0, 7);
  return (
    <div className={styles.page}>
      <Panel>
        <div className={styles.toolbar}>
          <DatePicker
            picker="month"
            style={{ width: 160 }}
            aria-label="报告月份"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            disabledDate={(d) => monthOf(d) > thisMonth || monthOf(d) < firstMonth}
            onChange={(d) => d && onMonth(monthOf(d))}
          />
          <Button type="primary" icon={<PrinterOutlined />} disabled={!report} onClick={() => window.print()}>
            打印
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            返回
          </Button>
        </div>
      </Panel>
      <article className={styles.sheet} aria-label="网站访问月度报告">
        {report ? <ReportSheet report={report} /> : failed ? <Empty description={messages.empty} /> : <Skeleton active paragraph={{ rows: 12 }} />}
      </article>
      {report &&
        createPortal(
          <article className={styles.printCopy} data-testid="visit-report-print-copy" aria-label="网站访问月度报告">
            <ReportSheet report={report} chartWidth={PRINTED_WIDTH} />
          </article>,
          document.body,
        )}
    </div>
  );
}
