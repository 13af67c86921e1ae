import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { availabilityMessages, availabilityTargetNames, availabilityViaNames, type AvailabilityRoundDto } from '@portal/shared';
import { availabilityApi } from '../../../../api/availability';
import { availabilityKeys } from './keys';
import styles from './availability.module.css';

/** 立即检测 (inspection:availability:probe): one round now, its result shown under the toolbar once the server answered. */
export function ProbeButton() {
  const client = useQueryClient();
  const [result, setResult] = useState<{ message: string; round: AvailabilityRoundDto } | null>(null);
  const probe = useMutation({
    mutationFn: availabilityApi.probe,
    onSuccess: async (answer) => {
      // The server's words for it, from the same shared messages.
      const failures = answer.Probes.filter((p) => !p.Ok).length;
      setResult({ message: answer.Probes.length === 0 ? availabilityMessages.nothingToProbe : availabilityMessages.probed(failures), round: answer });
      await client.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
  return (
    <>
      <Button type="primary" icon={<SyncOutlined spin={probe.isPending} />} loading={probe.isPending} onClick={() => probe.mutate()}>
        立即检测
      </Button>
      {result && (
        <Alert
          className={styles.result}
          type={result.round.Probes.every((p) => p.Ok) && result.round.Probes.length > 0 ? 'success' : 'warning'}
          showIcon
          closable
          onClose={() => setResult(null)}
          title={`${result.message}（${result.round.At}）`}
          description={
            <ul className={styles.probes} aria-label="检测结果">
              {result.round.Probes.map((p) => (
                <li key={`${p.Via} ${p.Target}`}>
                  {availabilityViaNames[p.Via]} · {availabilityTargetNames[p.Page]}：
                  {p.Ok ? `正常，HTTP ${p.Status}，${p.Ms} ms` : <span className={styles.bad}>{p.Problem}</span>}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
