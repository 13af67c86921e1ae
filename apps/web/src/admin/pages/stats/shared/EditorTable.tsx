import { Empty, Table, type TableColumnsType } from 'antd';
import { messages, type EditorFiguresDto, type EditorOutputDto } from '@portal/shared';
import { editorFigures, workOf } from './editorFigures';
import { count } from './figures';
import { monthTitle } from './months';
import styles from './editorTable.module.css';

/** An editor's row, or (under it) one of their months. */
interface EditorRow extends EditorFiguresDto {
  key: string;
  name: string;
  /** The editor's account when their name is another word (a name that is their account says it once). */
  account?: string;
  month?: string;
  children?: EditorRow[];
}

const figureColumn = (title: string, value: (row: EditorFiguresDto) => number) => ({
  title,
  key: title,
  width: 64,
  align: 'right' as const,
  render: (_: unknown, row: EditorRow) => count(value(row)),
});

const columns: TableColumnsType<EditorRow> = [
  {
    title: '姓名',
    key: 'name',
    render: (_: unknown, row) =>
      row.month ? (
        <span className={styles.month}>{monthTitle(row.month)}</span>
      ) : (
        <>
          {row.name}
          {row.account && <span className={styles.account}>{row.account}</span>}
        </>
      ),
  },
  ...editorFigures.map(({ key, name }) => figureColumn(name, (row) => row[key])),
  { ...figureColumn('合计', workOf), className: styles.total },
];

const hasWork = (f: EditorFiguresDto) => workOf(f) > 0;

/** The answer's editors in its order (most work first); with `byMonth`, each with their months of work under it. */
function rowsOf(data: EditorOutputDto, byMonth: boolean): EditorRow[] {
  return data.Editors.map((e) => {
    const months = data.Months.map((month, i) => ({ key: `${e.AdminId}-${month}`, name: '', month, ...e.Months[i]! })).filter(hasWork);
    return {
      key: String(e.AdminId),
      name: e.Name,
      account: e.Account !== e.Name ? e.Account : undefined,
      ...e.Total,
      ...(byMonth && { children: months }),
    };
  });
}

/**
 * 编辑工作量 per editor with the office's 合计 under them: the page's (each row opening onto the
 * editor's months with work) and the monthly report's (one month, so no months under a row).
 */
export function EditorTable({ data, byMonth }: { data: EditorOutputDto; byMonth: boolean }) {
  return (
    <Table<EditorRow>
      size="small"
      columns={columns}
      dataSource={rowsOf(data, byMonth)}
      pagination={false}
      // Six columns keep their width on a phone and scroll sideways inside their card.
      scroll={{ x: 480 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
      summary={() =>
        data.Editors.length > 0 && (
          <Table.Summary.Row className={styles.total}>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            {[...editorFigures.map(({ key }) => data.Total[key]), workOf(data.Total)].map((n, i) => (
              <Table.Summary.Cell key={i} index={i + 1} align="right">
                {count(n)}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )
      }
    />
  );
}
