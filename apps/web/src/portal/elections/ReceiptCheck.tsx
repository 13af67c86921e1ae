import { useId, useState, type FormEvent } from 'react';
import type { ReceiptCheckDto } from '@portal/shared';
import { electionsApi } from '../../api/elections';
import buttons from '../../components/button.module.css';
import { TextInput } from '../../components/TextInput';
import { Callout } from '../content/Notices';
import styles from './elections.module.css';

type Answer = { found: ReceiptCheckDto } | { refused: string };

/** What the check found, in words: the ballot's place and hash, never its choices (the server gives none). */
function Found({ check }: { check: ReceiptCheckDto }) {
  if (!check.Found) return <Callout tone="warning">未在公布的选票中找到该回执码，请核对后重试；如确认无误，请联系协会。</Callout>;
  return (
    <Callout tone="info">
      <p className={styles.found}>该选票在公布的名单中，是第 {check.Position} 张。</p>
      <p className={styles.found}>
        其哈希：<code className={styles.hash}>{check.Hash}</code>
      </p>
      <p className={styles.found}>
        前一哈希：<code className={styles.hash}>{check.PrevHash}</code>
      </p>
    </Callout>
  );
}

/**
 * 核对回执: a voter types the receipt code given when they voted; the server answers whether that
 * ballot is among the published ones, and where. Asked by the browser only: the code is never
 * part of the page's address, so it stays out of histories and logs.
 */
export function ReceiptCheck({ electionId }: { electionId: number }) {
  const id = useId();
  const [receipt, setReceipt] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const check = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    electionsApi
      .checkReceipt(electionId, receipt)
      .then(
        (found) => setAnswer({ found }),
        (error: unknown) => setAnswer({ refused: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className={styles.check} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>核对回执</h2>
      <p>投票后获得的回执码（32位字母和数字）可在此核对您的选票是否在公布的名单中。回执码请自行保管，不要交给他人。</p>
      <form className={styles.checkForm} onSubmit={check}>
        <label htmlFor={id}>回执码</label>
        <TextInput
          id={id}
          name="receipt"
          value={receipt}
          onChange={setReceipt}
          placeholder="请输入回执码"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className={buttons.primary} disabled={busy || !receipt.trim()}>
          核对
        </button>
      </form>
      <div aria-live="polite">{answer && ('found' in answer ? <Found check={answer.found} /> : <Callout tone="warning">{answer.refused}</Callout>)}</div>
    </section>
  );
}
