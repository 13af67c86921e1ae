import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messageBoardMessages, queryCodeLength } from '@portal/shared';
import { messagesApi } from '../../api/messages';
import buttons from '../../components/button.module.css';
import { SkeletonRows } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import { Callout } from '../content/Notices';
import { FormRow } from './FormRow';
import { MessageStatus } from './MessageStatus';
import styles from './messages.module.css';

/**
 * 留言查询: the state and reply of the message a 查询码 names (the asker's only key; the server
 * limits lookups per address). The code stays out of the address; `initialCode` is the one just
 * received, looked up at once.
 */
export function Lookup({ initialCode = '' }: { initialCode?: string }) {
  const [text, setText] = useState(initialCode);
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState('');
  const found = useQuery({
    queryKey: ['messageByCode', code],
    queryFn: () => messagesApi.byCode(code),
    enabled: code !== '',
    retry: false,
    meta: { browserOnly: true },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const entered = text.trim().toUpperCase();
    setError(entered ? '' : messageBoardMessages.codeRequired);
    if (!entered) return;
    if (entered === code) void found.refetch();
    else setCode(entered);
  };

  return (
    <>
      <form className={styles.lookup} noValidate onSubmit={submit} aria-label="留言查询">
        <FormRow label="查询码" required error={error} hint={`提交留言时获得的${queryCodeLength}位查询码，不区分大小写`}>
          {(control) => (
            <span className={styles.lookupLine}>
              <TextInput {...control} value={text} onChange={setText} maxLength={40} autoComplete="off" spellCheck={false} className={styles.codeInput} />
              <button type="submit" className={buttons.primary} disabled={found.isFetching}>
                {found.isFetching && <Spinner />}查询
              </button>
            </span>
          )}
        </FormRow>
      </form>
      {code !== '' &&
        (found.isPending ? (
          <SkeletonRows rows={5} />
        ) : found.isError ? (
          <Callout tone="warning">{found.error.message}</Callout>
        ) : (
          <MessageStatus message={found.data} onRated={() => void found.refetch()} />
        ))}
    </>
  );
}
