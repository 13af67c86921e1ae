import type { ElectionResultDto } from '@portal/shared';
import { ChoiceChart } from '../../components/charts';
import styles from './elections.module.css';

/** The candidates' votes as bars, each share of the ballots cast (a ballot may name several or none). */
export function VotesChart({ result: r }: { result: ElectionResultDto }) {
  return (
    <section className={styles.chart} aria-label="候选人得票图">
      <ChoiceChart label={`${r.Title} 候选人得票`} unit="票" total={r.BallotCount} data={r.Candidates.map((c) => ({ label: c.Name, count: c.Votes }))} />
    </section>
  );
}
