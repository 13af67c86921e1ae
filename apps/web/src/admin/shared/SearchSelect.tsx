import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Select } from 'antd';

export interface SearchOption {
  value: number;
  label: string;
}

/**
 * A record picked by searching its name on the server (the newest ones before anything is
 * typed): what staff know a member, an activity or a form by, where the call wants its id. The
 * search follows typing once it pauses rather than at each keystroke. 0 or undefined is "none".
 */
export function SearchSelect({
  id,
  queryKey,
  search,
  value,
  onChange,
  allowClear,
  placeholder,
  notFound,
  nameOf,
}: {
  id?: string;
  /** The records' key; the typed text is added to it. */
  queryKey: QueryKey;
  search: (text: string) => Promise<SearchOption[]>;
  value?: number;
  onChange?: (id: number | undefined) => void;
  allowClear?: boolean;
  placeholder: string;
  notFound: string;
  /** The name of a record already chosen that the search has not brought (an older one), so the field never shows a bare id. */
  nameOf?: (id: number) => Promise<string>;
}) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({ queryKey: [...queryKey, 'pick', text], queryFn: () => search(text), placeholderData: keepPreviousData });
  const listed = found.data?.some((o) => o.value === value) ?? false;
  const chosen = useQuery({
    queryKey: [...queryKey, 'named', value],
    queryFn: () => nameOf!(value!).then((label) => ({ value: value!, label })),
    enabled: Boolean(value && nameOf && found.data && !listed),
  });
  const options = chosen.data && !listed ? [chosen.data, ...(found.data ?? [])] : found.data;
  return (
    <Select<number>
      id={id}
      value={value || undefined}
      onChange={(picked?: number) => onChange?.(picked)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={options}
      loading={found.isFetching}
      allowClear={allowClear}
      placeholder={placeholder}
      notFoundContent={found.isFetching ? '正在搜索…' : notFound}
    />
  );
}
