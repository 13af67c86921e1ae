import { useSearchParams } from 'react-router';
import { SearchField } from './SearchField';

/** Header search (spec §2 "Header"): starts with the keyword of the search page it is on. */
export function SearchBox() {
  const [params] = useSearchParams();
  return <SearchField initial={params.get('key') ?? ''} label="站内搜索" />;
}
