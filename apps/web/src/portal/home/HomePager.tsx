import { Pagination } from 'antd';
import styles from './home.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

/** The home paginator (spec §2, §9): total, prev, five pager buttons, next; hidden when empty. */
export function HomePager({ page, pageSize, total, onChange, label }: Props) {
  if (total <= 0) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Pagination
        size="small"
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onChange}
        showTotal={(n) => `共 ${n} 条`}
        showSizeChanger={false}
        // current ± 1 between first and last: the five pager buttons of spec §9.
        showLessItems
        align="end"
      />
    </nav>
  );
}
