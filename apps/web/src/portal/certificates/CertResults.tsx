import { useRef } from 'react';
import { App, Button, Empty, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ExamStatus, messages, paging, type CertRecordDto, type ListDto } from '@portal/shared';
import { certificatesApi, type CertProof } from '../../api/certificates';

/** Exam status as spec §4 shows it on the site: 0 -, 1 合格, otherwise 不合格. */
const examResult = (status: number) => (status === ExamStatus.Absent ? '-' : status === ExamStatus.Passed ? '合格' : '不合格');
const orDash = (text: string | null | undefined) => text || '-';

/**
 * Saves a certificate as «name»证书.png (spec §7); one download at a time: a second click while
 * one runs warns 正在下载中，请稍后! (spec §2).
 */
export function useCertDownload() {
  const busy = useRef(false);
  const { message } = App.useApp();
  return async (record: CertRecordDto, proof: CertProof) => {
    if (busy.current) {
      void message.warning(messages.downloading);
      return;
    }
    busy.current = true;
    try {
      const base64 = await certificatesApi.image(record._certId, proof);
      const link = document.createElement('a');
      link.href = `data:image/png;base64,${base64}`;
      link.download = `${record._name}证书.png`;
      link.click();
    } catch {
      // The call's own notification has told the user why.
    } finally {
      busy.current = false;
    }
  };
}

interface CertResultsProps {
  result: { data?: ListDto<CertRecordDto>; isFetching: boolean; error: Error | null };
  page: number;
  onPage: (page: number) => void;
  /** What proves the caller may download a record (see CertProof). */
  proofOf: (record: CertRecordDto) => CertProof;
  emptyText?: string;
}

/**
 * The result table of spec §2 certsearch: serial number, the record's columns (a dash for an
 * empty one), and a fixed 证书 column with a download link for passed results only.
 */
export function CertResults({ result, page, onPage, proofOf, emptyText }: CertResultsProps) {
  const download = useCertDownload();
  const columns: TableColumnsType<CertRecordDto> = [
    { title: '序号', key: 'index', width: 64, align: 'center', render: (_v, _r, i) => (page - 1) * paging.defaultSize + i + 1 },
    { title: '姓名', dataIndex: '_name', width: 90, render: orDash },
    { title: '身份证号', dataIndex: '_idNum', width: 180, render: orDash },
    { title: '工作单位', dataIndex: '_company', render: orDash },
    { title: '考试时间', dataIndex: '_examTime', width: 110, render: orDash },
    { title: '考试结果', dataIndex: '_examStatus', width: 90, render: examResult },
    { title: '证书编号', dataIndex: '_certNum', width: 150, render: orDash },
    { title: '发证日期', dataIndex: '_issueDate', width: 110, render: orDash },
    { title: '备注', dataIndex: '_remarks', render: orDash },
    {
      title: '证书',
      key: 'cert',
      fixed: 'right',
      width: 90,
      align: 'center',
      render: (_v, record) =>
        record._examStatus === ExamStatus.Passed ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} aria-label={`下载${record._name}的证书`} onClick={() => void download(record, proofOf(record))}>
            下载
          </Button>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <Table<CertRecordDto>
      style={{ marginTop: 24 }}
      rowKey="_certId"
      columns={columns}
      dataSource={result.data?.List ?? []}
      loading={result.isFetching}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={result.error?.message ?? emptyText ?? messages.empty} /> }}
      pagination={{
        current: page,
        pageSize: paging.defaultSize,
        total: result.data?.TotalCount ?? 0,
        showTotal: (n) => `共 ${n} 条`,
        showSizeChanger: false,
        showLessItems: true,
        onChange: onPage,
      }}
    />
  );
}
