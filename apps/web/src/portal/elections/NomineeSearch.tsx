import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { electionMessages, NOMINEE_SEARCH_LIMIT, type NomineeDto } from '@portal/shared';
import { electionsApi } from '../../api/elections';
import buttons from '../../components/button.module.css';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import { closeRefusals, toast } from '../../components/toast';
import { Callout } from '../content/Notices';
import styles from './myElections.module.css';

/** 提名「…」为候选人？ asked in place of a popup: the focus goes to its confirming button. */
function ConfirmNomination({ nominee, busy, onConfirm, onCancel }: { nominee: NomineeDto; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), [nominee]);
  return (
    <div role="alertdialog" aria-labelledby={`${id}-q`} aria-describedby={`${id}-d`} className={styles.confirm}>
      <p id={`${id}-q`} className={styles.confirmQuestion}>
        提名“{nominee.CompanyName}”为候选人？
      </p>
      <p id={`${id}-d`} className={styles.confirmHelp}>
        每位会员在本次选举中限提名一次，由协会审核后列入选票。
      </p>
      <span className={styles.confirmActions}>
        <button ref={confirm} type="button" className={buttons.primary} disabled={busy} onClick={onConfirm}>
          {busy && <Spinner />}确认提名
        </button>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          取消
        </button>
      </span>
    </div>
  );
}

/**
 * 提名其他会员: finds the members this election lets the member nominate, by part of the company
 * name (SearchElectionNominees), and nominates the one picked once the member confirms. The
 * search's refusals (不在提名时间内…) stand under the box; the nomination's are the client's notice.
 */
export function NomineeSearch({ electionId, onDone }: { electionId: number; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState<NomineeDto | null>(null);
  const [busy, setBusy] = useState(false);
  // The 提名 that asked: 取消 gives the focus back to it.
  const opener = useRef<HTMLButtonElement | null>(null);
  const found = useQuery({
    queryKey: ['electionNominees', electionId, key],
    queryFn: () => electionsApi.searchNominees(electionId, key),
    enabled: key !== '',
    retry: false,
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    const entered = text.trim();
    // The server's own rule, said before asking it.
    const short = [...entered].length < 2;
    setError(short ? electionMessages.nomineeKeywordShort : '');
    if (short) return;
    setChosen(null);
    if (entered === key) void found.refetch();
    else setKey(entered);
  };

  const nominate = (nominee: NomineeDto) => {
    setBusy(true);
    electionsApi
      .nominate(electionId, nominee.MemberId)
      .then(
        ({ message }) => {
          closeRefusals();
          toast('success', message);
          onDone();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <div className={styles.nomineeSearch}>
      <form role="search" noValidate onSubmit={search} aria-label="查找被提名会员">
        <label htmlFor={id} className={styles.searchLabel}>
          或提名其他会员
        </label>
        <span className={styles.searchLine}>
          <TextInput
            id={id}
            type="search"
            value={text}
            onChange={setText}
            placeholder="输入单位名称，至少2个字"
            maxLength={50}
            autoComplete="off"
            invalid={error !== ''}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={buttons.primary} disabled={found.isFetching}>
            {found.isFetching && <Spinner />}查找
          </button>
        </span>
        {error && (
          <p id={`${id}-error`} className={styles.searchError}>
            {error}
          </p>
        )}
      </form>
      {key !== '' && !found.isPending && (
        <div aria-live="polite">
          {found.isError ? (
            <Callout tone="warning">{found.error.message}</Callout>
          ) : found.data.length === 0 ? (
            <p className={styles.searchNote}>没有找到名称含“{key}”、可被提名的会员。</p>
          ) : (
            <>
              <ul className={styles.nominees} aria-label="可提名的会员">
                {found.data.map((n) => (
                  <li key={n.MemberId} className={styles.nominee}>
                    <span className={styles.nomineeName}>{n.CompanyName}</span>
                    <button
                      type="button"
                      className={buttons.secondary}
                      aria-label={`提名 ${n.CompanyName}`}
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setChosen(n);
                      }}
                    >
                      提名
                    </button>
                  </li>
                ))}
              </ul>
              {found.data.length === NOMINEE_SEARCH_LIMIT && <p className={styles.searchNote}>只列出前{NOMINEE_SEARCH_LIMIT}个，请输入更完整的单位名称。</p>}
            </>
          )}
        </div>
      )}
      {chosen && (
        <ConfirmNomination
          nominee={chosen}
          busy={busy}
          onConfirm={() => nominate(chosen)}
          onCancel={() => {
            setChosen(null);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}
