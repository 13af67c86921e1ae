import { createPortal } from 'react-dom';
import type { ElectionResultDto } from '@portal/shared';
import styles from './tallySheet.module.css';

/**
 * 计票单 of a closed election, as the server counted it: the ballots, the turnout, the quorum met
 * or not, each candidate's votes and share, who is elected, the seats left empty and why, and the
 * chain head it was counted from. Plain HTML without antd: the back office prints it, and the
 * public page of the result shows it.
 */
export function TallySheet({ result: r, issuer }: { result: ElectionResultDto; issuer?: string }) {
  return (
    <article className={styles.sheet} aria-label="计票单">
      <header className={styles.head}>
        {issuer && <div className={styles.issuer}>{issuer}</div>}
        <h2 className={styles.title}>{r.Title} 计票单</h2>
        <div className={styles.meta}>
          <span>
            投票时间：{r.VotingStart.slice(0, 16)} 至 {r.VotingEnd.slice(0, 16)}
          </span>
          <span>计票时间：{r.ClosedTime}</span>
        </div>
      </header>
      <table className={`${styles.table} ${styles.summary}`}>
        <caption>投票情况</caption>
        <tbody>
          <tr>
            <th scope="row">选民人数</th>
            <td>{r.RollSize}</td>
            <th scope="row">投票人数</th>
            <td>{r.BallotCount}</td>
          </tr>
          <tr>
            <th scope="row">其中弃权票</th>
            <td>{r.BlankCount}</td>
            <th scope="row">投票率</th>
            <td>{r.Turnout}%</td>
          </tr>
          <tr>
            <th scope="row">法定人数</th>
            <td>{r.QuorumBallots}票</td>
            <th scope="row">是否达到</th>
            <td className={r.QuorumMet ? undefined : styles.alert}>{r.QuorumMet ? '已达到' : '未达到，选举无效'}</td>
          </tr>
          <tr>
            <th scope="row">应选名额</th>
            <td>
              {r.Seats}名（每票最多选{r.MaxChoices}人）
            </td>
            <th scope="row">当选票数</th>
            <td>
              超过投票人数的{r.ThresholdPercent}%，即至少{r.VotesNeeded}票
            </td>
          </tr>
        </tbody>
      </table>
      <table className={`${styles.table} ${styles.count}`}>
        <caption>候选人得票</caption>
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">候选人</th>
            <th scope="col">得票</th>
            <th scope="col">得票率</th>
            <th scope="col">结果</th>
          </tr>
        </thead>
        <tbody>
          {r.Candidates.map((c, i) => (
            <tr key={c.CandidateId}>
              <td>{i + 1}</td>
              <th scope="row">{c.Name}</th>
              <td>{c.Votes}</td>
              <td>{c.Percent}%</td>
              <td className={c.Elected ? styles.elected : undefined}>{c.Elected ? '当选' : '未当选'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.line}>
        <strong>当选名单：</strong>
        {r.Elected.length ? r.Elected.join('、') : '无'}
        {r.UnfilledSeats > 0 && `（空缺${r.UnfilledSeats}名）`}
      </p>
      {r.Note && <p className={`${styles.line} ${styles.alert}`}>{r.Note}</p>}
      <p className={styles.line}>
        <strong>链头（全部选票的哈希链末值）：</strong>
        <code className={styles.hash}>{r.ChainHead || '无选票'}</code>
      </p>
      <footer className={styles.signatures}>
        <span>计票人：</span>
        <span>监票人：</span>
        <span>日期：</span>
      </footer>
    </article>
  );
}

/**
 * The 计票单 for the printer: a copy placed straight under <body> (as the receipt's is), which the
 * print style shows alone on A4 while this is mounted; the browser's 打印 (or 另存为PDF) does the rest.
 */
export function TallySheetPrintCopy(props: { result: ElectionResultDto; issuer?: string }) {
  return createPortal(
    <div className={styles.printCopy} data-testid="tally-print-copy">
      <TallySheet {...props} />
    </div>,
    document.body,
  );
}
