import { Pager } from '../content/Pager';
import { HomeStateForm } from './homeState';
import styles from './home.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
  /** The address field that holds this list's page without JavaScript (homeState). */
  field: 'latest' | 'tabPage';
}

/**
 * The home paginator (spec §2, §9): total, prev, five pager buttons, next; hidden when empty.
 * Buttons, not links: two lists page side by side on one address, and their articles are
 * reachable for crawlers through the menu lists. Without JavaScript the buttons submit the page
 * (homeState).
 */
export function HomePager({ field, ...props }: Props) {
  return (
    <div className={styles.pager}>
      <HomeStateForm sets={[field]}>
        <Pager {...props} size="small" align="end" submitAs={field} />
      </HomeStateForm>
    </div>
  );
}
