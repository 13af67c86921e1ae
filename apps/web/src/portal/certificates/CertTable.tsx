import { useRef, type MouseEvent } from 'react';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { ExamStatus, messages, paging, type CertRecordDto, type CertSearchEntry, type ListDto } from '@portal/shared';
import { certificatesApi } from '../../api/certificates';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/toast';
import { Empty } from '../content/EmptyState';
import { Pager } from '../content/Pager';
import styles from './certTable.module.css';

/** Exam status as spec §4 shows it on the site: 0 -, 1 合格, otherwise 不合格. */
const examResult = (status: number) => (status === ExamStatus.Absent ? '-' : status === ExamStatus.Passed ? '合格' : '不合格');
const orDash = (text: string | null | undefined) => text || '-';

/** The record's columns after 序号 (spec §2 certsearch), a dash for an empty one. */
const columns: { title: string; cell: (r: CertRecordDto) => string; className?: string }[] = [
  { title: '姓名', cell: (r) => orDash(r._name), className: styles.nowrap },
  { title: '身份证号', cell: (r) => orDash(r._idNum), className: styles.nowrap },
  { title: '工作单位', cell: (r) => orDash(r._company) },
  { title: '考试时间', cell: (r) => orDash(r._examTime), className: styles.nowrap },
  { title: '考试结果', cell: (r) => examResult(r._examStatus), className: styles.nowrap },
  { title: '证书编号', cell: (r) => orDash(r._certNum), className: styles.nowrap },
  { title: '发证日期', cell: (r) => orDash(r._issueDate), className: styles.nowrap },
  { title: '备注', cell: (r) => orDash(r._remarks) },
];

/**
 * Saves a certificate's PNG (a call answering its base64) under a file name; one download at a
 * time: a second click while one runs warns 正在下载中，请稍后! (spec §2).
 */
export function usePngDownload() {
  const busy = useRef(false);
  return async (load: () => Promise<string>, fileName: string) => {
    if (busy.current) {
      toast('warning', messages.downloading);
      return;
    }
    busy.current = true;
    try {
      const base64 = await load();
      const link = document.createElement('a');
      link.href = `data:image/png;base64,${base64}`;
      link.download = fileName;
      link.click();
    } catch {
      // The call's own notification has told the user why.
    } finally {
      busy.current = false;
    }
  };
}

/** Saves an exam certificate as «name»证书.png (spec §7). */
function useCertDownload() {
  const save = usePngDownload();
  return (record: CertRecordDto) => save(() => certificatesApi.image(record._certId), `${record._name}证书.png`);
}

/** The search as hidden fields of a form that posts it again (the pager, a download). */
function SearchFields({ search, extra }: { search: CertSearchEntry; extra?: Record<string, string | number> }) {
  return Object.entries({ ...search, ...extra }).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

interface Props {
  list: ListDto<CertRecordDto> | undefined;
  page: number;
  /** A search under way: the rows there are (the previous page's) are dimmed. */
  busy: boolean;
  onPage: (page: number) => void;
  /** What an empty table says: 暂无数据 by default, or why the search failed. */
  emptyText?: string;
  /**
   * The visitor's search, for a page that works without JavaScript: the pager and the download
   * buttons then post it again (to /certsearch and /certsearch/download), and with JavaScript
   * they call the API in place.
   */
  postBack?: CertSearchEntry;
}

/**
 * The result table of spec §2 certsearch: serial number, the record's columns, and a 证书 column
 * kept at the right edge (the table scrolls sideways on a phone) with a download for passed
 * results only; then the pager. Drawn without antd, so the lookup's page needs none.
 */
export function CertTable({ list, page, busy, onPage, emptyText, postBack }: Props) {
  const download = useCertDownload();
  const rows = list?.List ?? [];

  const downloadButton = (record: CertRecordDto) => {
    const props = {
      className: styles.download,
      'aria-label': `下载${record._name}的证书`,
      onClick: (e: MouseEvent) => {
        e.preventDefault();
        void download(record);
      },
    };
    const content = (
      <>
        <Icon icon={DownloadOutlined} /> 下载
      </>
    );
    if (!postBack)
      return (
        <button type="button" {...props}>
          {content}
        </button>
      );
    return (
      <form method="post" action="/certsearch/download" className={styles.inline}>
        <SearchFields search={postBack} extra={{ CertId: record._certId, pageindex: page }} />
        <button type="submit" {...props}>
          {content}
        </button>
      </form>
    );
  };

  const pager = (
    <Pager
      page={page}
      pageSize={paging.defaultSize}
      total={list?.TotalCount ?? 0}
      label="查询结果分页"
      onChange={onPage}
      align="end"
      submitAs={postBack ? 'pageindex' : undefined}
    />
  );

  return (
    <>
      <div className={styles.scroller}>
        <table className={busy ? `${styles.table} ${styles.busy}` : styles.table} aria-busy={busy}>
          <thead>
            <tr>
              <th scope="col" className={styles.index}>
                序号
              </th>
              {columns.map((c) => (
                <th key={c.title} scope="col" className={styles.nowrap}>
                  {c.title}
                </th>
              ))}
              <th scope="col" className={`${styles.fixed} ${styles.center}`}>
                证书
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((record, i) => (
              <tr key={record._certId}>
                <td className={styles.index}>{(page - 1) * paging.defaultSize + i + 1}</td>
                {columns.map((c) => (
                  <td key={c.title} className={c.className}>
                    {c.cell(record)}
                  </td>
                ))}
                <td className={`${styles.fixed} ${styles.center}`}>{record._examStatus === ExamStatus.Passed ? downloadButton(record) : '-'}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + 2} className={styles.placeholder}>
                  {busy ? <Spinner size={24} /> : <Empty description={emptyText ?? messages.empty} />}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {postBack ? (
        <form method="post" action="/certsearch">
          <SearchFields search={postBack} />
          {pager}
        </form>
      ) : (
        pager
      )}
    </>
  );
}
