import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import { messages, paging, type ListDto } from '@portal/shared';

/** The 1-based page a list call asks for (spec §9: pageindex, pagesize). */
export interface PageState {
  pageindex: number;
  pagesize: number;
}

export interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** One page of a list call's answer (Data.List, Data.TotalCount). */
  data: ListDto<T> | undefined;
  loading: boolean;
  page: PageState;
  onPageChange: (page: PageState) => void;
  /** Prepend a 序号 column counting across pages. */
  numbered?: boolean;
}

/**
 * The back office's paged table: spec §9 page sizes 10/20/50/100, the total, five pager
 * buttons, a loading veil and the 暂无数据 empty state. A page-size change starts at page 1.
 */
export function DataTable<T extends object>({ data, loading, page, onPageChange, numbered, columns = [], locale, scroll, ...table }: DataTableProps<T>) {
  const indexColumn: TableColumnsType<T>[number] = {
    title: '序号',
    key: 'index',
    width: 70,
    render: (_, __, i) => (page.pageindex - 1) * page.pagesize + i + 1,
  };
  return (
    <Table<T>
      {...table}
      columns={numbered ? [indexColumn, ...columns] : columns}
      dataSource={data?.List ?? []}
      loading={loading}
      scroll={scroll ?? { x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} />, ...locale }}
      pagination={{
        current: page.pageindex,
        pageSize: page.pagesize,
        total: data?.TotalCount ?? 0,
        showTotal: (total) => `共 ${total} 条`,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: paging.sizeOptions.map(String),
        showLessItems: false,
        onChange: (pageindex, pagesize) => onPageChange({ pageindex: pagesize === page.pagesize ? pageindex : paging.firstPage, pagesize }),
      }}
    />
  );
}
