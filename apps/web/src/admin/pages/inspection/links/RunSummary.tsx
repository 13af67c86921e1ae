import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Progress } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { linkCheckStateNames, type LinkCheckRunDto } from '@portal/shared';
import { linkCheckApi } from '../../../../api/link-check';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { linkCheckKeys } from './keys';
import styles from './links.module.css';

/** How often a running check is read again. */
const POLL_MS = 1500;

const items = (run: LinkCheckRunDto) => [
  { key: 'state', label: '状态', children: `${linkCheckStateNames[run.State]}${run.Error ? `（${run.Error}）` : ''}` },
  { key: 'started', label: '开始时间', children: run.StartedAt },
  { key: 'finished', label: '完成时间', children: run.FinishedAt || '—' },
  { key: 'origin', label: '方式', children: run.Origin === 'scheduled' ? '定时检查' : `手动（${run.AdminAccount}）` },
  { key: 'pages', label: '检查文章', children: run.Pages },
  { key: 'links', label: '检查链接', children: run.Links },
  { key: 'broken', label: '发现问题', children: run.Broken },
];

/** The latest run: read again every POLL_MS while it runs; its end reloads the findings. 开始检查 for inspection:links:run. */
export function RunSummary() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const summary = useQuery({
    queryKey: linkCheckKeys.summary,
    queryFn: () => linkCheckApi.summary(true),
    refetchInterval: (q) => (q.state.data?.Latest?.State === 'running' ? POLL_MS : false),
  });
  const latest = summary.data?.Latest ?? null;
  const running = latest?.State === 'running';
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: linkCheckKeys.all });
    wasRunning.current = running;
  }, [running, queryClient]);
  const start = () =>
    linkCheckApi
      .start()
      .then(() => {
        void message.success('链接检查已开始');
        return queryClient.invalidateQueries({ queryKey: linkCheckKeys.summary });
      })
      // A refusal (one is running) was shown by the API client.
      .catch(() => undefined);

  return (
    <Panel>
      <div className={styles.toolbar}>
        <strong>最近一次检查</strong>
        {running && <Progress type="line" percent={100} status="active" showInfo={false} style={{ width: 120 }} aria-label="检查中" />}
        <span className={styles.spacer} />
        <Auth perm="inspection:links:run">
          <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void start()}>
            {running ? '检查中…' : '开始检查'}
          </Button>
        </Auth>
      </div>
      {latest ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items(latest)} />
      ) : (
        <p className={styles.muted}>{summary.isPending ? '读取中…' : '尚未检查过。开始检查后，这里显示进度与结果。'}</p>
      )}
    </Panel>
  );
}
