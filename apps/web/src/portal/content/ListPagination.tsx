import { Pagination } from 'antd';
import styles from './content.module.css';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** The site's paginator (spec §2, §9): total, prev, pager, next; nothing when the list is empty. */
export function ListPagination({ page, pageSize, total, onChange }: Props) {
  if (total <= 0) return null;
  return (
    <nav className={styles.pagination} aria-label="分页">
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0 });
        }}
        showTotal={(n) => `共 ${n} 条`}
        showSizeChanger={false}
        // current ± 1 between first and last: the five pager buttons of spec §9.
        showLessItems
        align="center"
      />
    </nav>
  );
}
