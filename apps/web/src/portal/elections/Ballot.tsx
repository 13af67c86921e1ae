import { useState } from 'react';
import { App, Button, Checkbox } from 'antd';
import { closeRefusals } from '../../components/toast';
import type { MyElectionDto } from '@portal/shared';
import { electionsApi } from '../../api/elections';
import styles from './myElections.module.css';

type Candidate = MyElectionDto['Candidates'][number];

function CandidateCard({ candidate: c }: { candidate: Candidate }) {
  return (
    <span className={styles.candidate}>
      {c.Photo ? <img src={c.Photo} alt="" width={56} height={70} className={styles.photo} /> : <span className={styles.noPhoto} aria-hidden="true" />}
      <span>
        <span className={styles.name}>{c.Name}</span>
        {c.Bio && <span className={styles.bio}>{c.Bio}</span>}
      </span>
    </span>
  );
}

/** What the confirmation says the ballot holds. */
const ballotText = (chosen: Candidate[]) => (chosen.length ? `您选择了：${chosen.map((c) => c.Name).join('、')}。` : '您未选择任何候选人，将投弃权票。');

/**
 * The ballot: the confirmed candidates in ballot order, at most MaxChoices of them chosen (none is
 * a blank ballot, 弃权, which counts toward the turnout). Cast after a confirmation, once; the
 * server answers the receipt code. `readOnly`: the candidates only, before or after voting.
 */
export function Ballot({ election: e, readOnly = false, onVoted }: { election: MyElectionDto; readOnly?: boolean; onVoted?: (receipt: string) => void }) {
  const { message, modal } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  if (readOnly) {
    return (
      <section aria-label="候选人">
        <h3 className={styles.heading}>候选人</h3>
        <ul className={styles.candidates}>
          {e.Candidates.map((c) => (
            <li key={c.CandidateId}>
              <CandidateCard candidate={c} />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const full = chosen.length >= e.MaxChoices;
  const cast = () => {
    const names = e.Candidates.filter((c) => chosen.includes(c.CandidateId));
    modal.confirm({
      title: '确认投票',
      content: `${ballotText(names)}投票后不能更改。`,
      okText: '确认投票',
      cancelText: '再看看',
      onOk: () =>
        electionsApi.castBallot(e.Id, chosen).then(
          ({ data, message: text }) => {
            closeRefusals();
            void message.success(text);
            onVoted?.(data.Receipt);
          },
          () => undefined,
        ),
    });
  };
  return (
    <section aria-label="选票">
      <h3 className={styles.heading}>
        选票{' '}
        <span className={styles.count}>
          （最多选{e.MaxChoices}人，已选{chosen.length}人；不选即弃权）
        </span>
      </h3>
      <Checkbox.Group className={styles.candidates} value={chosen} onChange={(ids) => setChosen(ids as number[])}>
        {e.Candidates.map((c) => (
          <Checkbox key={c.CandidateId} value={c.CandidateId} disabled={full && !chosen.includes(c.CandidateId)} className={styles.choice}>
            <CandidateCard candidate={c} />
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Button type="primary" size="large" block className={styles.cast} onClick={cast}>
        {chosen.length ? `投票（${chosen.length}人）` : '投弃权票'}
      </Button>
    </section>
  );
}
