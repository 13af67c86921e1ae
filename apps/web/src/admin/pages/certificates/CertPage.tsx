import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Grid, Popconfirm, Space, Switch, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CertStatus, certStatusNames, ExamStatus, messages, type CertAdminDto, type CertView } from '@portal/shared';
import { certificatesAdminApi, type CertFilters } from '../../../api/certificates-admin';
import { saveFile } from '../../../api/client';
import { DataTable, usePagedList } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { Auth, useAuth } from '../../access/AdminSession';
import { Panel } from '../../layout/Panel';
import { useAction } from '../../shared/useAction';
import { CertDialog } from './CertDialog';
import { certificateFileName, certificatesKey, certPages, certStatusOptions, examStatusOptions, ExamStatusTag } from './certPages';
import { CertViewDialog } from './CertViewDialog';
import { ImportDialog } from './ImportDialog';

type Filters = Omit<CertFilters, 'view'>;

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'name', label: '姓名' },
  { kind: 'input', name: 'idnum', label: '证件号码' },
  { kind: 'input', name: 'certnum', label: '证书编号' },
  { kind: 'input', name: 'company', label: '工作单位' },
  { kind: 'select', name: 'examstatus', label: '考试结果', options: examStatusOptions },
  { kind: 'select', name: 'status', label: '状态', options: certStatusOptions },
  { kind: 'dateRange', name: 'examDays', label: '考试日期', names: ['start', 'end'] },
];

const dash = (text: string) => text || '-';
const hasCertificate = (r: CertAdminDto) => r._examStatus === ExamStatus.Passed && r._certNum !== '';

/**
 * 证书列表 (component cert/list/index) and 考试成绩 (cert/score/index): one page over the exam
 * results, the first showing passed results with a certificate, the second every result, each
 * with its own permissions. Search, add and edit, hide from the public lookup, delete, view and
 * download certificates, import from and export to .xlsx.
 */
function CertPage({ view }: { view: CertView }) {
  const page = certPages[view];
  const { message } = App.useApp();
  const can = useAuth();
  // Columns pinned to the right would cover a phone's whole table; there it just scrolls.
  const pinned = Grid.useBreakpoint().md ? ('right' as const) : undefined;
  const queryClient = useQueryClient();
  const list = usePagedList<CertAdminDto, Filters>([...certificatesKey, 'list', view], (query) => certificatesAdminApi.list({ ...query, view }), {});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<'zip' | 'export' | number | null>(null);

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: certificatesKey });
  };
  const remove = useAction((ids: number[]) => certificatesAdminApi.remove(ids, view), refresh);
  const setStatus = useAction((r: CertAdminDto) => certificatesAdminApi.setStatus([r._certId], r._status === CertStatus.Normal ? 0 : 1, view), refresh);
  /** Runs one download at a time per button; a refusal was shown by the client. */
  const downloading = async (what: 'zip' | 'export' | number, run: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await run();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };
  const downloadOne = (r: CertAdminDto) => downloading(r._certId, async () => saveFile(await certificatesAdminApi.image(r._certId), certificateFileName(r)));

  const columns: TableColumnsType<CertAdminDto> = [
    { title: '姓名', dataIndex: '_name', width: 90 },
    { title: '证件号码', dataIndex: '_idNum', width: 180 },
    { title: '工作单位', dataIndex: '_company', ellipsis: { showTitle: true }, width: 200, render: dash },
    { title: '考试时间', dataIndex: '_examTime', width: 110 },
    { title: '考试结果', dataIndex: '_examStatus', width: 90, render: (status: number) => <ExamStatusTag status={status} /> },
    { title: '证书编号', dataIndex: '_certNum', width: 160, render: dash },
    { title: '发证日期', dataIndex: '_issueDate', width: 110, render: dash },
    { title: '备注', dataIndex: '_remarks', ellipsis: { showTitle: true }, width: 140, render: dash },
    {
      title: '状态',
      dataIndex: '_status',
      width: 110,
      // Beside 操作, in sight without scrolling: hiding a record is this page's daily work.
      fixed: pinned,
      render: (status: CertStatus, r) =>
        status === CertStatus.Deleted ? (
          <Tag>{certStatusNames[status]}</Tag>
        ) : (
          <Switch
            checked={status === CertStatus.Normal}
            checkedChildren={certStatusNames[CertStatus.Normal]}
            unCheckedChildren={certStatusNames[CertStatus.Hidden]}
            disabled={!can(page.edit)}
            aria-label={`${r._name}：${certStatusNames[status]}`}
            onChange={() => void setStatus(r)}
          />
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: pinned,
      render: (_, r) =>
        r._status === CertStatus.Deleted ? null : (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setViewing(r._certId)}>
              查看
            </Button>
            <Auth perm={page.edit}>
              <Button type="link" size="small" onClick={() => setEditing(r._certId)}>
                修改
              </Button>
            </Auth>
            {hasCertificate(r) && (
              <Auth perm="cert:download">
                <Button type="link" size="small" loading={busy === r._certId} onClick={() => void downloadOne(r)}>
                  下载
                </Button>
              </Auth>
            )}
            <Auth perm={page.delete}>
              <Popconfirm title={`确定删除“${r._name}”的这条记录吗？`} description="删除后官网不再显示，记录保留备查。" onConfirm={() => remove([r._certId])} okText="删除" okButtonProps={{ danger: true }}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Auth>
          </Space>
        ),
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <>
            <Auth perm={page.edit}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
                新增
              </Button>
            </Auth>
            <Auth perm={page.delete}>
              <Popconfirm
                title={`确定删除选中的${selected.length}条记录吗？`}
                description="删除后官网不再显示，记录保留备查。"
                disabled={!selected.length}
                onConfirm={() => remove(selected)}
                okText="删除"
                okButtonProps={{ danger: true }}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!selected.length}>
                  批量删除
                </Button>
              </Popconfirm>
            </Auth>
            <Auth perm="cert:download">
              <Button icon={<DownloadOutlined />} disabled={!selected.length} loading={busy === 'zip'} onClick={() => void downloading('zip', () => certificatesAdminApi.downloadZip(selected))}>
                批量下载
              </Button>
            </Auth>
            <Auth perm={page.import}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            </Auth>
            <Button icon={<FileExcelOutlined />} loading={busy === 'export'} onClick={() => void downloading('export', () => certificatesAdminApi.exportSearch({ ...list.filters, view }, `${page.title}.xlsx`))}>
              导出
            </Button>
          </>
        }
      >
        <DataTable<CertAdminDto>
          rowKey="_certId"
          numbered
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: r._status === CertStatus.Deleted }) }}
          {...list.tableProps}
        />
      </Panel>
      <CertDialog
        page={page}
        certId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing === 0 ? messages.ok : messages.saved);
          setEditing(null);
          refresh();
        }}
      />
      <CertViewDialog page={page} certId={viewing} onClose={() => setViewing(null)} />
      <ImportDialog page={page} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </>
  );
}

export const CertListPage = () => <CertPage view="cert" />;
export const ScoreListPage = () => <CertPage view="score" />;
