import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { availabilityApi } from '../../../../api/availability';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { AvailabilityCards, AvailabilityVerdict } from './AvailabilityCards';
import { AvailabilityChart } from './AvailabilityChart';
import { FailureTable } from './FailureTable';
import { ProbeButton } from './ProbeButton';
import { availabilityKeys } from './keys';
import styles from './availability.module.css';

const query = { days: 30 };

/**
 * 可用性监测 (component inspection/availability/index): the home page's failures of the last week
 * against the inspection's 15, the last 30 days' uptime and response time, the latest failures,
 * and 立即检测 for inspection:availability:probe. What is probed and how: docs/inspection.md.
 */
export default function AvailabilityPage() {
  const report = useQuery({ queryKey: availabilityKeys.report(query), queryFn: () => availabilityApi.report(query) });
  const data = report.data;
  return (
    <div className={styles.page}>
      <AvailabilityCards data={data} loading={report.isPending} />
      {data && <AvailabilityVerdict data={data} />}
      <Auth perm="inspection:availability:probe">
        <div className={styles.toolbar}>
          <ProbeButton />
        </div>
      </Auth>
      <Card title="最近30天可用率与响应时间" variant="borderless">
        {data && <AvailabilityChart data={data} />}
      </Card>
      <Panel>
        <h3 className={styles.heading}>最近失败记录</h3>
        <FailureTable rows={data?.Failures ?? []} loading={report.isFetching} />
      </Panel>
    </div>
  );
}
