import type { ReactNode } from 'react';
import { ConfigProvider, Empty, type ThemeConfig } from 'antd';
import { formatCst, messages, type EditorOutputDto, type VisitFiguresDto, type VisitStatisticsDto, type VisitStatisticsQuery } from '@portal/shared';
import { editorFiguresNote } from '../../shared/editorFigures';
import { EditorTable } from '../../shared/EditorTable';
import { monthTitle } from '../../shared/months';
import { articleColumns, emptyKeywordColumns, keywordColumns, namedColumns, referrerColumns, sharedColumns } from '../columns';
import { RankedTable } from '../RankedCard';
import { SummaryCards } from '../SummaryCards';
import { TrendChart } from '../VisitCharts';
import type { previousDays } from './reportMonth';
import styles from './report.module.css';

/** What the report is drawn from, once every call has answered. */
export interface MonthlyReportData {
  month: string;
  days: Required<VisitStatisticsQuery>;
  previous: ReturnType<typeof previousDays>;
  visits: VisitStatisticsDto;
  /** The previous month's (or its same days') figures. */
  before: VisitFiguresDto;
  /** The month's 编辑工作量; none for an administrator without stats:editors. */
  editors: EditorOutputDto | undefined;
}

/** Tables a line shorter than the dashboard's, so the month fits on about three A4 pages. */
const compactTables: ThemeConfig = { components: { Table: { cellPaddingBlockSM: 4, cellPaddingInlineSM: 6, cellFontSizeSM: 13 } } };

/** The top ten of a ranked table. */
const top = <T,>(rows: T[]) => rows.slice(0, 10);
const byKey = (row: { Key: string }) => row.Key;
const byKeyword = (row: { Keyword: string }) => row.Keyword;

/** A part of the report under its heading; `wide` across both columns. Kept on one page when printed. */
function Section({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? `${styles.section} ${styles.wide}` : styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

const range = ({ start, end }: Required<VisitStatisticsQuery>) => (start === end ? start : `${start} 至 ${end}`);

/** The title, the month, its days and those it is compared with. */
function ReportHead({ report, against }: { report: MonthlyReportData; against: string }) {
  const running = !report.previous.whole;
  return (
    <header className={styles.head}>
      <h1 className={styles.title}>
        网站访问月度报告
        <span className={styles.month}>{monthTitle(report.month)}</span>
      </h1>
      <p className={styles.meta}>
        统计期间：{range(report.days)}
        {running && '（本月截至今天）'}；对比{against}：{range(report.previous)}
        {running && report.visits.UpdatedAt && `；数据更新于 ${report.visits.UpdatedAt}`}；生成于 {formatCst().slice(0, 16)}
      </p>
    </header>
  );
}

/** The ranked tables, top ten each: what was read, how visitors found it, what they looked for, with what and from where. */
function ReportTables({ visits }: { visits: VisitStatisticsDto }) {
  const views = visits.Total.Views;
  return (
    <div className={styles.grid}>
      <Section title="热门文章" wide>
        <RankedTable rows={top(visits.Articles)} columns={articleColumns} rowKey={byKey} />
      </Section>
      <Section title="热门栏目">
        <RankedTable rows={top(visits.Menus)} columns={namedColumns('栏目')} rowKey={byKey} />
      </Section>
      <Section title="地区">
        <RankedTable rows={top(visits.Provinces)} columns={sharedColumns('地区', views)} rowKey={byKey} />
      </Section>
      <Section title="来源" wide>
        <RankedTable rows={top(visits.Referrers)} columns={referrerColumns} rowKey={(r) => `${r.Kind}|${r.Name}`} />
      </Section>
      <Section title="站内搜索词">
        <RankedTable rows={top(visits.Keywords)} columns={keywordColumns} rowKey={byKeyword} />
      </Section>
      <Section title="无结果的搜索词">
        <RankedTable rows={top(visits.EmptyKeywords)} columns={emptyKeywordColumns} rowKey={byKeyword} />
      </Section>
      <Section title="设备" wide>
        <RankedTable rows={top(visits.Devices)} columns={sharedColumns('设备', views)} rowKey={byKey} />
      </Section>
    </div>
  );
}

/**
 * 网站访问月度报告 as the office hands it to its council: the month's figures against the month
 * before, the daily trend, the top tens, and (for those who may see it) the month's 编辑工作量.
 * Drawn on screen and again as the printed copy, whose chart is `chartWidth` wide.
 */
export function ReportSheet({ report, chartWidth }: { report: MonthlyReportData; chartWidth?: number }) {
  const { visits, editors } = report;
  const against = report.previous.whole ? '上月' : '上月同期';
  const counted = visits.Total.Views > 0 || visits.Total.BotViews > 0;
  return (
    <ConfigProvider theme={compactTables}>
      <ReportHead report={report} against={against} />
      <SummaryCards current={visits.Total} previous={report.before} against={against} loading={false} />
      {counted ? (
        <>
          <Section title={visits.Start === visits.End ? '访问趋势（按小时）' : '每日访问趋势'} wide>
            <TrendChart data={visits} width={chartWidth} height={240} />
          </Section>
          <ReportTables visits={visits} />
        </>
      ) : (
        <Empty className={styles.empty} description={messages.empty} />
      )}
      {editors && (
        <Section title="编辑工作量" wide>
          <EditorTable data={editors} byMonth={false} />
          {editors.Editors.length > 0 && <p className={styles.note}>{editorFiguresNote}</p>}
        </Section>
      )}
    </ConfigProvider>
  );
}
