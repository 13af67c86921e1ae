import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { columnStateNames, type ColumnFreshnessDto, type ColumnFreshnessQuery, type ColumnFreshnessReportDto } from '@portal/shared';
import { inspectionApi } from '../../../../api/inspection';
import { DownloadButton } from '../../../../components/DownloadButton';
import { Auth, useAuth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { ColumnTable } from './ColumnTable';
import { FreshnessCards, InspectionVerdict } from './FreshnessCards';
import { IntervalDialog } from './IntervalDialog';
import { columnFreshnessKeys } from './keys';
import styles from './columns.module.css';

type Filter = 'all' | 'overdue' | 'empty';

/** The filter in the address (?state=overdue), so a reload or a link shows the same list. */
function useFilter(): [Filter, (filter: Filter) => void] {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const filter: Filter = state === 'overdue' || state === 'empty' ? state : 'all';
  return [filter, (next) => setParams(next === 'all' ? {} : { state: next }, { replace: true })];
}

const queryOf = (filter: Filter): ColumnFreshnessQuery => (filter === 'all' ? {} : { state: filter });

function filterChoices(data: ColumnFreshnessReportDto | undefined) {
  const counted = (label: string, n: number | undefined) => (n === undefined ? label : `${label} ${n}`);
  return [
    { value: 'all' as const, label: '全部' },
    { value: 'overdue' as const, label: counted('超期', data?.Overdue) },
    { value: 'empty' as const, label: counted('空栏目', data?.Empty) },
  ];
}

/**
 * 栏目更新 (component inspection/columns/index): the home page's last update against two weeks,
 * the columns overdue or empty against the inspection's five, each public column's articles, last
 * article and interval (设置周期 for inspection:columns:setting), 导出 for inspection:columns:export.
 * What is checked and why: docs/inspection.md, "栏目更新".
 */
export default function ColumnFreshnessPage() {
  const [filter, setFilter] = useFilter();
  const query = queryOf(filter);
  const can = useAuth();
  const [editing, setEditing] = useState<ColumnFreshnessDto | null>(null);
  const report = useQuery({ queryKey: columnFreshnessKeys.state(query), queryFn: () => inspectionApi.columns(query), placeholderData: keepPreviousData });
  const data = report.data;
  const day = data?.CheckedAt.slice(0, 10) ?? '';

  return (
    <div className={styles.page}>
      <FreshnessCards data={data} loading={report.isPending} />
      {data && <InspectionVerdict data={data} />}
      <Panel>
        <div className={styles.toolbar}>
          <Segmented<Filter> aria-label="栏目状态" value={filter} options={filterChoices(data)} onChange={setFilter} />
          <span className={styles.checked}>{data && `检查时间：${data.CheckedAt}`}</span>
          <Auth perm="inspection:columns:export">
            <DownloadButton
              icon={<FileExcelOutlined />}
              run={() => inspectionApi.exportColumns(query, `栏目更新${query.state ? `-${columnStateNames[query.state]}` : ''}-${day}.xlsx`)}
            >
              导出
            </DownloadButton>
          </Auth>
        </div>
        <ColumnTable rows={data?.Columns ?? []} loading={report.isFetching} onSetInterval={can('inspection:columns:setting') ? setEditing : undefined} />
      </Panel>
      <IntervalDialog column={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
