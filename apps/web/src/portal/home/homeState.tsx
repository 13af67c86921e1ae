import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { homeStateFields } from '@portal/shared';
import { homeStateOf } from '../pageData';
import styles from './home.module.css';

/**
 * The home page's paged sections without JavaScript. Their pagers and tabs are submit buttons of
 * small GET forms to /home, so a browser without script asks for /home?latest=2, ?tab=2&tabPage=3,
 * … and the server draws those pages. With JavaScript the buttons change the sections in place and
 * the address stays /home, as before. The canonical address stays /home either way.
 */
const FIELDS = homeStateFields;
type Field = (typeof FIELDS)[number];

/** What the address says of the sections (page 1 and the first tab when it says nothing valid). */
export function useHomeState(): ReturnType<typeof homeStateOf> {
  const [params] = useSearchParams();
  return homeStateOf(params);
}

/**
 * A GET form to /home around a pager or tabs: it carries the state the address has for the other
 * sections, and its buttons add their own field (`sets`; a new tab also drops its page).
 */
export function HomeStateForm({ sets, children }: { sets: readonly Field[]; children: ReactNode }) {
  const [params] = useSearchParams();
  const kept = FIELDS.filter((field) => !sets.includes(field) && params.get(field));
  return (
    <form method="get" action="/home" className={styles.stateForm}>
      {kept.map((field) => (
        <input key={field} type="hidden" name={field} value={params.get(field) ?? ''} />
      ))}
      {children}
    </form>
  );
}
