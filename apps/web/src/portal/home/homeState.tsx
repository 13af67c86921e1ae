import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { homeStateFields, homeTabs, paging } from '@portal/shared';
import styles from './home.module.css';

/**
 * The home page's paged sections without JavaScript. Their pagers and tabs are submit buttons of
 * small GET forms to /home, so a browser without script asks for /home?latest=2, ?tab=2&tabPage=3,
 * … and the server draws those pages. With JavaScript the buttons change the sections in place and
 * the address stays /home, as before. The canonical address stays /home either way.
 */
const FIELDS = homeStateFields;
type Field = (typeof FIELDS)[number];
type Seat = (typeof homeTabs)[number]['seat'];

/** What the address says of the sections (page 1 and the first tab when it says nothing valid). */
export function useHomeState(): { latest: number; seat: Seat; tabPage: number } {
  const [params] = useSearchParams();
  const pageOf = (field: Field) => {
    const n = Number(params.get(field));
    return Number.isInteger(n) && n >= paging.firstPage ? n : paging.firstPage;
  };
  const seat = homeTabs.find((t) => String(t.seat) === params.get('tab'))?.seat ?? homeTabs[0].seat;
  return { latest: pageOf('latest'), seat, tabPage: pageOf('tabPage') };
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
