import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@portal/shared';
import { useLayoutSize } from '../../AppProviders';
import { TextInput } from '../../components/TextInput';
import { toast } from '../../components/toast';
import styles from './searchField.module.css';

/**
 * A keyword box with 搜索 (spec §2 "Header", searchKey): the keyword is trimmed; empty warns
 * 请输入关键词, otherwise searchKey (or the page `action` names, e.g. 会员名录) opens with it.
 */
export function SearchField({
  initial = '',
  label,
  className,
  action = '/searchKey',
}: {
  initial?: string;
  label: string;
  className?: string;
  action?: string;
}) {
  const navigate = useNavigate();
  const { size } = useLayoutSize();
  const [text, setText] = useState(initial);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const key = text.trim();
    if (!key) {
      toast('warning', messages.keywordRequired);
      return;
    }
    setText(key);
    void navigate(`${action}?key=${encodeURIComponent(key)}`);
  };

  return (
    // A real GET form: without JavaScript the browser submits it itself.
    <form action={action} method="get" className={[styles.field, styles[size], className].filter(Boolean).join(' ')} onSubmit={search}>
      <TextInput
        type="search"
        name="key"
        value={text}
        onChange={setText}
        placeholder="请输入关键词"
        aria-label={label}
        maxLength={50}
        attached
        className={styles.input}
      />
      <button type="submit" className={styles.submit}>
        搜索
      </button>
    </form>
  );
}
