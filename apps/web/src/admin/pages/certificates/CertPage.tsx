import { useState } from 'react';
import { Button, Grid, Switch, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { CertStatus, certStatusNames, ExamStatus, type CertAdminDto, type CertView } from '@portal/shared';
import { certificatesAdminApi, type CertFilters } from '../../../api/certificates-admin';
import { saveFile } from '../../../api/client';
import type { SearchField } from '../../../components/SearchForm';
import { Auth, useAuth } from '../../access/AdminSession';
import { BatchDelete, deleteAction, editAction, editingId, ListPage, listResource, useListPage, useSelection } from '../../list';
import { useAction } from '../../shared/useAction';
import { CertDialog } from './CertDialog';
import { certificateFileName, certificatesKey, certPages, certStatusOptions, examStatusOptions, ExamStatusTag, type CertPageSpec } from './certPages';
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
  // One day, with spec §2's single-date shortcuts (今天, 昨天, 一周前): a batch is issued on one day.
  { kind: 'date', name: 'issuedate', label: '发证日期' },
];

const dash = (text: string) => text || '-';
const hasCertificate = (r: CertAdminDto) => r._examStatus === ExamStatus.Passed && r._certNum !== '';

/** One view's list; 状态 is a switch for those who may edit, beside 操作 on wide screens. */
const certList = (page: CertPageSpec, status: TableColumnsType<CertAdminDto>[number]) =>
  listResource<CertAdminDto, Filters>({
    key: [...certificatesKey, 'list', page.view],
    // The views share records: a write refreshes both.
    refreshes: [certificatesKey],
    fetch: (query) => certificatesAdminApi.list({ ...query, view: page.view }),
    rowKey: '_certId',
    search: searchFields,
    columns: [
      { title: '姓名', dataIndex: '_name', width: 90 },
      { title: '证件号码', dataIndex: '_idNum', width: 180 },
      { title: '工作单位', dataIndex: '_company', ellipsis: { showTitle: true }, width: 200, render: dash },
      { title: '考试时间', dataIndex: '_examTime', width: 110 },
      { title: '考试结果', dataIndex: '_examStatus', width: 90, render: (status: number) => <ExamStatusTag status={status} /> },
      { title: '证书编号', dataIndex: '_certNum', width: 160, render: dash },
      { title: '发证日期', dataIndex: '_issueDate', width: 110, render: dash },
      { title: '备注', dataIndex: '_remarks', ellipsis: { showTitle: true }, width: 140, render: dash },
      status,
    ],
    add: { perm: page.edit, label: '新增' },
    export: { perm: page.export, run: (filters) => certificatesAdminApi.exportSearch({ ...filters, view: page.view }, `${page.title}.xlsx`) },
    actionsWidth: 180,
  });

/**
 * 证书列表 (component cert/list/index) and 考试成绩 (cert/score/index): one page over the exam
 * results, the first showing passed results with a certificate, the second every result, each
 * with its own permissions. Search, add and edit, hide from the public lookup, delete, view and
 * download certificates, import from and export to .xlsx.
 */
function CertPage({ view }: { view: CertView }) {
  const spec = certPages[view];
  const can = useAuth();
  const pinned = Grid.useBreakpoint().md ? ('right' as const) : undefined;
  const [viewing, setViewing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<'zip' | number | null>(null);

  const resource = certList(spec, {
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
          disabled={!can(spec.edit)}
          aria-label={`${r._name}：${certStatusNames[status]}`}
          onChange={() => void setStatus(r)}
        />
      ),
  });
  const page = useListPage(resource);
  const { selected, rowSelection, done: refresh } = useSelection(page.refresh);
  const remove = useAction((ids: number[]) => certificatesAdminApi.remove(ids, view), refresh);
  const setStatus = useAction((r: CertAdminDto) => certificatesAdminApi.setStatus([r._certId], r._status === CertStatus.Normal ? 0 : 1, view), refresh);
  /** Runs one download at a time per button; a refusal was shown by the client. */
  const downloading = async (what: 'zip' | number, run: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await run();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };
  const deletedNote = '删除后官网不再显示，记录保留备查。';
  const live = (r: CertAdminDto) => r._status !== CertStatus.Deleted;

  return (
    <ListPage
      resource={resource}
      page={page}
      rowActions={[
        { label: '查看', when: live, run: (r) => setViewing(r._certId) },
        { ...editAction(spec.edit, page.edit), when: live },
        {
          label: '下载',
          perm: 'cert:download',
          when: (r) => live(r) && hasCertificate(r),
          busy: (r) => busy === r._certId,
          run: (r) => downloading(r._certId, async () => saveFile(await certificatesAdminApi.image(r._certId), certificateFileName(r))),
        },
        {
          ...deleteAction(
            spec.delete,
            (r: CertAdminDto) => `确定删除“${r._name}”的这条记录吗？`,
            (r) => remove([r._certId]),
          ),
          confirmDetail: deletedNote,
          when: live,
        },
      ]}
      toolbar={
        <>
          <BatchDelete
            perm={spec.delete}
            count={selected.length}
            question={`确定删除选中的${selected.length}条记录吗？`}
            detail={deletedNote}
            onConfirm={() => remove(selected)}
          />
          <Auth perm="cert:download">
            <Button
              icon={<DownloadOutlined />}
              disabled={!selected.length}
              loading={busy === 'zip'}
              onClick={() => void downloading('zip', () => certificatesAdminApi.downloadZip(selected))}
            >
              批量下载
            </Button>
          </Auth>
          <Auth perm={spec.import}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          </Auth>
        </>
      }
      table={{ rowSelection: { ...rowSelection, getCheckboxProps: (r) => ({ disabled: !live(r) }) } }}
    >
      <CertDialog page={spec} certId={editingId(page.editing, (r) => r._certId)} onClose={page.close} onSaved={page.saved} />
      <CertViewDialog page={spec} certId={viewing} onClose={() => setViewing(null)} />
      <ImportDialog page={spec} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </ListPage>
  );
}

export const CertListPage = () => <CertPage view="cert" />;
export const ScoreListPage = () => <CertPage view="score" />;
