import { Pager } from '../content/Pager';
import styles from './home.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

/**
 * The home paginator (spec §2, §9): total, prev, five pager buttons, next; hidden when empty.
 * Buttons, not links: two lists page side by side on one address, and their articles are
 * reachable for crawlers through the menu lists.
 */
export function HomePager(props: Props) {
  return (
    <div className={styles.pager}>
      <Pager {...props} size="small" align="end" />
    </div>
  );
}
