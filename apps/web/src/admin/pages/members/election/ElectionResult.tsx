import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic } from 'antd';
import { PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ElectionDetailDto, ElectionVerificationDto } from '@portal/shared';
import { electionsAdminApi } from '../../../../api/elections';
import { ChoiceChart } from '../../../../components/charts';
import { TallySheet, TallySheetPrintCopy } from '../../../../components/election/TallySheet';
import { useSiteInfo } from '../../../../portal/layout/useSiteInfo';
import { resultKey } from './keys';
import styles from './election.module.css';

/**
 * The result's tools (`children`: 打印计票单) and 核验计票: the chain and the count worked out again
 * from the stored ballots, and what disagrees, said under the tools.
 */
function Tools({ electionId, children }: { electionId: number; children: ReactNode }) {
  const [checked, setChecked] = useState<ElectionVerificationDto | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = () => {
    setBusy(true);
    electionsAdminApi
      .verify(electionId)
      .then(setChecked, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.resultTools}>
      <Space wrap>
        {children}
        <Button icon={<SafetyCertificateOutlined />} loading={busy} onClick={verify}>
          核验计票
        </Button>
      </Space>
      {checked && (
        <Alert
          className={styles.verification}
          type={checked.Valid ? 'success' : 'error'}
          showIcon
          title={checked.Valid ? `核验通过：${checked.BallotCount}张选票的哈希链与计票结果均与公布的一致` : '核验未通过：以下与公布的不符'}
          description={
            checked.Valid ? (
              <code className={styles.hash}>链头 {checked.ChainHead}</code>
            ) : (
              <ul>
                {checked.Problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )
          }
        />
      )}
    </div>
  );
}

/** 计票结果 of a closed election: the figures, the votes as a chart, the 计票单 to print, and 核验计票. */
export function ElectionResult({ election }: { election: ElectionDetailDto }) {
  const result = useQuery({ queryKey: resultKey(election.Id), queryFn: () => electionsAdminApi.result(election.Id) });
  const issuer = useSiteInfo().data?.Name ?? '';
  const r = result.data;
  if (!r) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <>
      <Row gutter={[16, 16]} className={styles.figures}>
        <Col xs={12} md={6}>
          <Statistic title="投票人数" value={r.BallotCount} suffix={`/ ${r.RollSize}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="投票率" value={r.Turnout} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="弃权票" value={r.BlankCount} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`法定人数（${r.QuorumBallots}票）`} value={r.QuorumMet ? '已达到' : '未达到'} />
        </Col>
      </Row>
      <Card size="small" title="候选人得票" className={styles.chart}>
        <ChoiceChart label={`${r.Title} 候选人得票`} unit="票" total={r.BallotCount} data={r.Candidates.map((c) => ({ label: c.Name, count: c.Votes }))} />
      </Card>
      <Tools electionId={election.Id}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印计票单
        </Button>
      </Tools>
      <TallySheet result={r} issuer={issuer} />
      <TallySheetPrintCopy result={r} issuer={issuer} />
    </>
  );
}
